import { endpoints } from '@cinegraph/contracts';
import { apiCall } from '../../lib/api';
import type { PutResult, UploadTransport } from './runUpload';

/** A PUT of raw bytes through XMLHttpRequest, the browser API that reports upload progress. */
export function putWithProgress(
  url: string,
  body: Blob,
  contentType: string | null,
  onProgress: (sent: number) => void,
): Promise<PutResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    // A single PUT (it has a content type) creates its object once; S3 signs this header.
    if (contentType) {
      xhr.setRequestHeader('Content-Type', contentType);
      xhr.setRequestHeader('If-None-Match', '*');
    }
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => resolve({ status: xhr.status, etag: xhr.getResponseHeader('ETag') });
    xhr.onerror = () => resolve({ status: xhr.status, etag: null });
    xhr.onabort = () => reject(new Error('Upload aborted'));
    xhr.send(body);
  });
}

/** The real calls: the studio's API for presigning and recording, storage for the bytes. */
export function browserUploadTransport(userId: string): UploadTransport {
  return {
    presign: ({ fileType, filename, contentType, size }) =>
      apiCall(endpoints.presignUpload, {
        params: { userId, type: fileType, name: filename },
        query: { content_type: contentType, file_size: size },
      }),
    presignPart: async (query) => (await apiCall(endpoints.presignUploadPart, { query })).presigned_url,
    put: putWithProgress,
    complete: (body) => apiCall(endpoints.completeUpload, { body }),
    completeMultipart: (body) => apiCall(endpoints.completeMultipartUpload, { body }),
    abort: async (body) => {
      await apiCall(endpoints.abortMultipartUpload, { body });
    },
  };
}
