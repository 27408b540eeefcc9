import { expect, it } from 'vitest';
import { filenameStem, renamedFilename } from './renameRules';

it('shows the name without its extension for editing', () => {
  expect(filenameStem('beach.day.png')).toBe('beach.day');
  expect(filenameStem('README')).toBe('README');
});

it('keeps the extension when renaming', () => {
  expect(renamedFilename('beach.png', 'holiday')).toBe('holiday.png');
  expect(renamedFilename('beach.PNG', 'holiday.png')).toBe('holiday.PNG');
});

it('applies a rename only when it is non-empty and changed', () => {
  expect(renamedFilename('beach.png', '   ')).toBeNull();
  expect(renamedFilename('beach.png', 'beach')).toBeNull();
  expect(renamedFilename('beach.png', '.png')).toBeNull();
});
