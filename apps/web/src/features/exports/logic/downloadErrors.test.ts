import { DOWNLOAD_MESSAGES } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { downloadErrorMessage, isNothingToDownload } from './downloadErrors';

describe('a download that finds nothing', () => {
  it('is news (no new takes, none marked), not a failure', () => {
    expect(isNothingToDownload(new ApiError(DOWNLOAD_MESSAGES.noNewTakes, 404))).toBe(true);
    expect(isNothingToDownload(new ApiError(DOWNLOAD_MESSAGES.noTakes, 404))).toBe(true);
  });

  it('leaves real failures to the error toast', () => {
    const unconnected = new ApiError(DOWNLOAD_MESSAGES.nothingConnected, 400);
    expect(isNothingToDownload(unconnected)).toBe(false);
    expect(downloadErrorMessage(unconnected)).toBe(DOWNLOAD_MESSAGES.nothingConnected);
    expect(isNothingToDownload(new ApiError('Node not found in this movie', 404))).toBe(false);
  });
});
