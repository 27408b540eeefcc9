import { STORYBOARD_MESSAGES, type Description, type DescriptionType } from '@cinegraph/contracts';

/** The dialog's tabs, in order. */
export const DESCRIPTION_TABS: readonly { type: DescriptionType; label: string }[] = [
  { type: 'character', label: 'Characters' },
  { type: 'location', label: 'Locations' },
  { type: 'concept', label: 'Concepts' },
];

export const DESCRIPTION_SAVE_FAILED = 'Failed to save description. Please try again.';

export function descriptionsOfType(
  descriptions: readonly Description[],
  type: DescriptionType,
): Description[] {
  return descriptions.filter((description) => description.type === type);
}

/** The empty text of a tab: 'No {type} descriptions available.' */
export function noDescriptionsText(type: DescriptionType): string {
  return `No ${type} descriptions available.`;
}

/** Why an edited description cannot be saved, or null. */
export function descriptionProblem(text: string): string | null {
  return text.trim() ? null : STORYBOARD_MESSAGES.descriptionEmpty;
}
