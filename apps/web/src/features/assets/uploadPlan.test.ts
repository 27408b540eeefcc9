import { describe, expect, it } from 'vitest';
import { partRanges, planUpload, uploadPercent } from './uploadPlan';

const common = { s3_key: 'k', final_url: '/api/v1/utils/file?key=k', bucket: 'b' };

describe('planUpload', () => {
  it('sends a small file in one PUT to the presigned URL', () => {
    expect(planUpload({ upload_type: 'single', presigned_url: 'http://s/put', ...common }, 10)).toEqual({
      kind: 'single',
      presignedUrl: 'http://s/put',
    });
  });

  it("splits a large file by the server's part size", () => {
    const plan = planUpload({ upload_type: 'multipart', upload_id: 'u', part_size: 10, ...common }, 25);
    expect(plan).toEqual({
      kind: 'multipart',
      uploadId: 'u',
      parts: [
        { partNumber: 1, start: 0, end: 10 },
        { partNumber: 2, start: 10, end: 20 },
        { partNumber: 3, start: 20, end: 25 },
      ],
    });
  });

  it('fails with the presign message when the answer lacks what the plan needs', () => {
    expect(() => planUpload({ upload_type: 'single', ...common }, 1)).toThrow('Failed to get presigned URL');
    expect(() => planUpload({ upload_type: 'multipart', ...common }, 1)).toThrow(
      'Failed to get presigned URL',
    );
  });
});

it('numbers exact parts without an empty last one', () => {
  expect(partRanges(20, 10).map((part) => part.partNumber)).toEqual([1, 2]);
});

it('caps the percentage until the upload is complete', () => {
  expect(uploadPercent(50, 100, 90)).toBe(50);
  expect(uploadPercent(100, 100, 90)).toBe(90);
  expect(uploadPercent(1, 0, 90)).toBe(0);
});
