import type { Readable } from 'node:stream';
import type { Storage } from '../../storage/storage';

export type ZipEntry =
  | { name: string; bytes: Buffer }
  /** A stored object, opened only when the zip reaches it, so one file is read at a time. */
  | { name: string; storageKey: string; size: number };

export interface ZipStream {
  stream: Readable;
  /** The exact length of the zip, known before the first byte (files are stored, not compressed). */
  size: number;
}

/**
 * A zip streamed as it is written: each stored file is piped through as it is read, so memory stays
 * flat for gigabytes of video. Media is stored uncompressed (it is compressed already), which also
 * makes the size known in advance; ZIP64 is used by itself past 4 GB.
 */
export async function zipStream(
  storage: Storage,
  entries: ZipEntry[],
  onError: (error: Error) => void,
): Promise<ZipStream> {
  const { default: yazl } = await import('yazl'); // loaded with the first download, not at start
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  for (const entry of entries) {
    if ('bytes' in entry) {
      zip.addBuffer(entry.bytes, entry.name, { compress: false, mtime });
      continue;
    }
    zip.addReadStreamLazy(entry.name, { compress: false, size: entry.size, mtime }, (callback) => {
      storage.getStream(entry.storageKey).then(
        (object) =>
          callback(
            object ? null : new Error(`${entry.name} is missing from storage`),
            object?.stream as Readable,
          ),
        (error: Error) => callback(error, undefined as unknown as Readable),
      );
    });
  }
  zip.on('error', onError);
  return new Promise((resolve) => {
    // yazl passes the total size to this callback (-1 when it cannot know); its typings leave it out.
    const onSize = (size: number) => resolve({ stream: zip.outputStream as Readable, size });
    zip.end(undefined, onSize as () => void);
  });
}
