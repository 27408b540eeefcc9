import { describe, expect, it } from 'vitest';
import { keepExtension } from './assets';
import { isUserAssetKey } from './asset-keys';
import { checkExtension, contentTypeFor, safeFilename } from './file-rules';
import { storedFileKey, storedFileUrl } from './stored-files';

describe('file rules', () => {
  it('accepts the spec’s extensions case-insensitively and names them when refusing', () => {
    expect(checkExtension('image', 'A.JPEG')).toBe('jpeg');
    expect(checkExtension('lora', 'style.safetensors')).toBe('safetensors');
    expect(() => checkExtension('audio', 'song.aac')).toThrow('File type must be .mp3, .wav, .ogg, .m4a');
  });

  it('derives a content type from the extension when none is given, telling audio from video ogg', () => {
    expect(contentTypeFor('audio', 'ogg', undefined)).toBe('audio/ogg');
    expect(contentTypeFor('video', 'ogg', '')).toBe('video/ogg');
    expect(contentTypeFor('image', 'png', 'IMAGE/PNG')).toBe('image/png');
    expect(() => contentTypeFor('video', 'mp4', 'text/html')).toThrow(/not accepted/);
  });

  it('makes storage-safe names that keep the extension', () => {
    expect(safeFilename('../../etc/My Café (1).PNG')).toBe('My_Cafe_1_.png');
    expect(safeFilename('.hidden.png')).toBe('hidden.png');
    expect(safeFilename('???.mp4')).toBe('file.mp4');
  });

  it('keeps the extension on rename and refuses an empty name', () => {
    expect(keepExtension('beach.png', 'holiday')).toBe('holiday.png');
    expect(keepExtension('beach.png', 'holiday.PNG')).toBe('holiday.png');
    expect(keepExtension('beach.png', 'a/b/holiday')).toBe('holiday.png');
    expect(() => keepExtension('beach.png', '  ')).toThrow('The file name cannot be empty.');
  });

  it('accepts only a user’s own asset keys', () => {
    expect(isUserAssetKey('u1', 'users/u1/assets/abc/x.png')).toBe(true);
    expect(isUserAssetKey('u1', 'users/u2/assets/abc/x.png')).toBe(false);
    expect(isUserAssetKey('u1', 'users/u1/assets/../x.png')).toBe(false);
  });
});

describe('stable file addresses', () => {
  const base = 'http://studio.example:8080';
  it('round-trip a key through the address, also as a relative address', () => {
    const key = 'movies/m/nodes/n/workflow-1/workflow.json';
    expect(storedFileKey(base, storedFileUrl(base, key))).toBe(key);
    expect(storedFileKey(base, `/api/v1/utils/file?key=${encodeURIComponent(key)}`)).toBe(key);
  });

  it('refuse other hosts, ports, schemes and paths', () => {
    expect(storedFileKey(base, 'http://studio.example/api/v1/utils/file?key=a')).toBeNull();
    expect(storedFileKey(base, 'https://studio.example:8080/api/v1/utils/file?key=a')).toBeNull();
    expect(storedFileKey(base, 'http://studio.example:8080/api/v1/utils/files?key=a')).toBeNull();
    expect(storedFileKey(base, '//evil.example/api/v1/utils/file?key=a')).toBeNull();
  });
});
