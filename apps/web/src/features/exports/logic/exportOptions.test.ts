import { DOWNLOAD_MESSAGES, MESSAGES } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { DownloadError, downloadErrorMessage } from './downloadErrors';
import { DEFAULT_EXPORT_CHOICES, exportMovieQuery } from './exportOptions';
import { attachmentName } from './saveFile';

describe('export query', () => {
  it('carries the format, frame rate, size and still duration the dialog chose', () => {
    const query = exportMovieQuery({
      ...DEFAULT_EXPORT_CHOICES,
      format: 'otio',
      frameRate: '23.976',
      resolution: '1280x720',
      stillDuration: 2.5,
    });
    expect(query).toEqual({
      format: 'otio',
      frame_rate: '23.976',
      width: 1280,
      height: 720,
      still_duration: 2.5,
      workflow_node_id: undefined,
    });
    const onlyOne = exportMovieQuery({ ...DEFAULT_EXPORT_CHOICES, workflowNodeId: 'n-7' });
    expect(onlyOne.workflow_node_id).toBe('n-7');
  });
});

describe('attachment name', () => {
  it('is the exact UTF-8 name of Content-Disposition, else its plain name', () => {
    const name = 'Łódź storyboard.pdf';
    const header = `attachment; filename="_d_ storyboard.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`;
    expect(attachmentName(header)).toBe(name);
    expect(attachmentName('attachment; filename="shot list.csv"')).toBe('shot list.csv');
    expect(attachmentName(null)).toBe('');
  });
});

describe('download failure messages', () => {
  it("names the download's own failures, then the server's detail, else 'Download failed'", () => {
    expect(downloadErrorMessage(new DownloadError(DOWNLOAD_MESSAGES.missingIds))).toBe(
      'Missing node ID or movie ID',
    );
    expect(downloadErrorMessage(new DownloadError(DOWNLOAD_MESSAGES.noUrl))).toBe('No download URL returned');
    expect(
      downloadErrorMessage(new ApiError('Connect a workflow node to this Download node first.', 400)),
    ).toBe('Connect a workflow node to this Download node first.');
    expect(downloadErrorMessage(new ApiError(MESSAGES.requestFailed, 500))).toBe('Download failed');
    expect(downloadErrorMessage(new ApiError('offline', 0))).toBe('Download failed');
    expect(downloadErrorMessage(new TypeError('boom'))).toBe('Download failed');
  });
});
