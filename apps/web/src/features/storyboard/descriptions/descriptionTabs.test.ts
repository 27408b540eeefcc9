import type { Description } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { descriptionProblem, descriptionsOfType, noDescriptionsText } from './descriptionTabs';

const description = (id: string, type: Description['type']): Description => ({
  id,
  type,
  description: `${type} ${id}`,
  image_url: null,
});

describe('description tabs', () => {
  it('shows each type under its own tab', () => {
    const all = [description('1', 'character'), description('2', 'location'), description('3', 'character')];
    expect(descriptionsOfType(all, 'character').map((d) => d.id)).toEqual(['1', '3']);
    expect(descriptionsOfType(all, 'concept')).toEqual([]);
  });

  it("names the type in a tab's empty text", () => {
    expect(noDescriptionsText('location')).toBe('No location descriptions available.');
  });

  it('refuses to save a blank description', () => {
    expect(descriptionProblem('  ')).toBe('Description cannot be empty.');
    expect(descriptionProblem('A tall woman')).toBeNull();
  });
});
