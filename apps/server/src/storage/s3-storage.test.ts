import { startS3rver } from './s3rver-test-server';
import { describeStorageContract } from './storage-contract';

describeStorageContract(
  'S3Storage on s3rver',
  async () => {
    const s3rver = await startS3rver();
    return { storage: s3rver.storage, teardown: s3rver.stop };
  },
  // s3rver 3.7 checks SigV4 expiry but not the signature itself, and completes multipart uploads
  // without comparing part ETags; real S3 does both, so only these two cases are skipped here.
  { rejectsTamperedSignatures: false, verifiesPartETags: false },
);
