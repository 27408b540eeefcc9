import type { Handle } from '@cinegraph/contracts';

/**
 * Whether a workflow node may generate: every input handle except LoRA inputs is connected (LoRAs are
 * optional). A node without any such input has nothing to generate from.
 */
export function readyToGenerate(inputs: readonly Handle[], connectedHandleIds: ReadonlySet<string>): boolean {
  const required = inputs.filter((handle) => handle.type !== 'lora');
  return required.length > 0 && required.every((handle) => connectedHandleIds.has(handle.id));
}
