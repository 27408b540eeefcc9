import { expect, it } from 'vitest';
import { formatFileSize } from './fileSize';

it('formats sizes in B, K, M and G', () => {
  expect(formatFileSize(512)).toBe('512 B');
  expect(formatFileSize(1536)).toBe('1.5 K');
  expect(formatFileSize(26 * 1024 * 1024)).toBe('26 M');
  expect(formatFileSize(2.5 * 1024 ** 3)).toBe('2.5 G');
  expect(formatFileSize(5000 * 1024 ** 3)).toBe('5000 G');
});
