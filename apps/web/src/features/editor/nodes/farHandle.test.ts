import { HANDLE_SIZE_PX } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { FAR_HANDLE } from './farHandle';

describe('a card’s handle dot', () => {
  it('is the size of a handle drawn in full', () => {
    for (const part of ['size', 'min-h', 'min-w']) {
      expect(FAR_HANDLE.split(' ')).toContain(`${part}-[${HANDLE_SIZE_PX}px]!`);
    }
  });
});
