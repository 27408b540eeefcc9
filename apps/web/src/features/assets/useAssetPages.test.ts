import { ASSET_PAGE_SIZE } from '@cinegraph/contracts';
import { expect, it } from 'vitest';
import { hasMorePages } from './useAssetPages';

it('offers Load More only while the last page came back full', () => {
  const full = Array.from({ length: ASSET_PAGE_SIZE }, (_, i) => i);
  expect(hasMorePages(undefined)).toBe(false);
  expect(hasMorePages([full])).toBe(true);
  expect(hasMorePages([full, full.slice(0, 3)])).toBe(false);
  expect(hasMorePages([[]])).toBe(false);
});
