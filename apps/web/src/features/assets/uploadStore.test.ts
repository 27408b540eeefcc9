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
