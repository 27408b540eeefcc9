import type { ItemInput } from '@cinegraph/contracts';

/** Input types the panel does not show: workflows and connection-only 'any' inputs. */
const LEFT_OUT = new Set(['workflow', 'any']);
const MEDIA = new Set(['image', 'video', 'audio']);

/** The inputs the panel edits: workflow and 'any' left out, hidden ones only when shown. */
export function panelInputs(inputs: readonly ItemInput[], showHidden: boolean): ItemInput[] {
  return inputs.filter((input) => !LEFT_OUT.has(input.type) && (showHidden || !input.hidden));
}

/** Media changes are saved at once rather than after the edit debounce. */
export function isMediaInput(type: string): boolean {
  return MEDIA.has(type);
}

/** The inputs with one value replaced. */
export function withInputValue(inputs: readonly ItemInput[], nodeId: string, value: unknown): ItemInput[] {
  return inputs.map((input) => (input.node_id === nodeId ? { ...input, value } : input));
}
