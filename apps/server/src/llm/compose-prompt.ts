/** The prompt node's inputs, as text. */
export interface PromptParts {
  prompt: string;
  cameraAngle: string;
  extraInstructions: string[];
}

/**
 * The prompt node without a language model: the camera angle framed first, then the prompt, then each
 * extra instruction, as sentences. Deterministic, so a take's inputs can be explained and repeated.
 */
export function composeOfflinePrompt(parts: PromptParts): string {
  const sentences = [parts.cameraAngle, parts.prompt, ...parts.extraInstructions]
    .map((part) => part.trim().replace(/[\s.]+$/, ''))
    .filter((part) => part !== '');
  return sentences.length === 0 ? '' : `${sentences.join('. ')}.`;
}
