import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';

/**
 * Deletes every object whose key starts with `prefix` (only those last written before `olderThan`, when
 * given), one listing page (≤1000 keys) per batch. Returns how many went.
 */
export async function deleteS3Prefix(
  client: S3Client,
  bucket: string,
  prefix: string,
  olderThan?: Date,
): Promise<number> {
  let token: string | undefined;
  let deleted = 0;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    const objects = (page.Contents ?? []).flatMap((item) =>
      item.Key && (!olderThan || (item.LastModified && item.LastModified < olderThan))
        ? [{ Key: item.Key }]
        : [],
    );
    // A page holds at most 1000 keys, which is also DeleteObjects' batch limit.
    if (objects.length > 0) {
      const result = await client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }),
      );
      // DeleteObjects answers 200 even when some keys failed; the failures are only in the body.
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `Could not delete ${failed.length} objects under ${prefix}: ${first?.Key} ${first?.Message}`,
        );
      }
      deleted += objects.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}
