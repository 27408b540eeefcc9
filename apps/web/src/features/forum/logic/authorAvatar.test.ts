import { defaultHandle } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { authorAvatar } from './authorAvatar';

describe('authorAvatar', () => {
  it('tells two authors without a nickname apart: their handles, letters and hues differ', () => {
    const first = authorAvatar(defaultHandle('3f9a2c1e-0000-4000-8000-000000000001'));
    const second = authorAvatar(defaultHandle('b71d04aa-0000-4000-8000-000000000002'));
    expect(first.letters).toBe('3f');
    expect(second.letters).toBe('b7');
    expect(first.hue).not.toBe(second.hue);
  });

  it('is stable for one name, and shows a nickname by its first letter', () => {
    expect(authorAvatar('Agnès')).toEqual(authorAvatar('Agnès'));
    expect(authorAvatar('  Élodie ').letters).toBe('É');
    expect(authorAvatar('').letters).toBe('?');
  });
});
