import { expect, it, vi } from 'vitest';
import { createUploadStore, uploadKey } from './uploadStore';

it('keeps an upload under its user, item and node for whoever asks again', () => {
  const store = createUploadStore();
  const key = uploadKey('user-1', 'movie-1', 'node-1');
  const listener = vi.fn();
  store.subscribe(listener);
  store.set(key, { status: 'uploading', filename: 'a.png', progress: 40 });
  expect(store.get(uploadKey('user-1', 'movie-1', 'node-1'))).toEqual({
    status: 'uploading',
    filename: 'a.png',
    progress: 40,
  });
  expect(store.get(uploadKey('user-1', 'movie-1', 'node-2'))).toEqual({ status: 'idle' });
  expect(listener).toHaveBeenCalledTimes(1);
});

it('clears a finished upload only while it is still the one shown', () => {
  const store = createUploadStore();
  const key = uploadKey('user-1', 'movie-1', 'node-1');
  const done = { status: 'done', filename: 'a.png', progress: 100, url: '/a.png' } as const;
  store.set(key, done);
  store.clearIfStill(key, done);
  expect(store.get(key)).toEqual({ status: 'idle' });

  // A second upload started before the first one's bar went away keeps its own bar.
  store.set(key, done);
  const next = { status: 'uploading', filename: 'b.png', progress: 10 } as const;
  store.set(key, next);
  store.clearIfStill(key, done);
  expect(store.get(key)).toBe(next);
});
