import { describe, expect, it } from 'vitest';
import { downloadsAll, withDownloadsAll } from './downloadChoice';

describe("the Download node's New / All choice", () => {
  it('is Download New until the node keeps download_downloaded: true', () => {
    expect(downloadsAll(null)).toBe(false);
    expect(downloadsAll('text')).toBe(false);
    expect(downloadsAll({ download_downloaded: 'true' })).toBe(false);
    expect(downloadsAll({ download_downloaded: true })).toBe(true);
  });

  it('is set on the value without losing what else it holds', () => {
    expect(withDownloadsAll({ note: 'kept' }, true)).toEqual({ note: 'kept', download_downloaded: true });
    expect(withDownloadsAll([1, 2], false)).toEqual({ download_downloaded: false });
    expect(downloadsAll(withDownloadsAll(null, true))).toBe(true);
  });
});
