import { Readable } from 'node:stream';
import type { ComfyApiOutputBucket } from '@cinegraph/comfy';
import type { Storage } from '../storage/storage';

/** Where comfyui-api uploads outputs: the studio's S3 bucket, under COMFYUI_API_S3_PREFIX. */
export interface ComfyApiOutputs {
  bucket: string;
  prefix: string;
}

/**
 * comfyui-api's `s3` option, pointed at the studio's own bucket: outputs are read back through the
 * studio's storage, and only under the prefix, so a delivery cannot name any other object of the bucket.
 */
export function comfyApiOutputBucket(storage: Storage, outputs: ComfyApiOutputs): ComfyApiOutputBucket {
  return {
    ...outputs,
    async read(key) {
      if (!key.startsWith(outputs.prefix) || key.includes('..')) {
        throw new Error(`comfyui-api named ${key}, outside ${outputs.prefix} of the studio's bucket.`);
      }
      const object = await storage.getStream(key);
      if (!object) throw new Error(`comfyui-api's upload ${key} is not in the studio's bucket.`);
      return {
        // Node's web stream type and the DOM's differ only in name.
        body: Readable.toWeb(object.stream) as ReadableStream<Uint8Array>,
        contentType: object.contentType,
        size: object.size,
      };
    },
  };
}
