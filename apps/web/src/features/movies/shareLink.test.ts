import { describe, expect, it } from 'vitest';
import { absoluteShareUrl } from './shareLink';

describe('absoluteShareUrl', () => {
  it('keeps a full address as it is', () => {
    expect(absoluteShareUrl('https://cinegraph.example/share/abc', 'http://localhost:3000')).toBe(
      'https://cinegraph.example/share/abc',
    );
  });

  it('puts a path on this site', () => {
    expect(absoluteShareUrl('/share/abc', 'http://localhost:3000')).toBe('http://localhost:3000/share/abc');
  });
});
