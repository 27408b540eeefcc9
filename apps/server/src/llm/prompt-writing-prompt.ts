import type { ChatMessage } from './shot-plan-prompt';
import type { PromptParts } from './compose-prompt';

const SYSTEM_PROMPT = `You write prompts for image and video generation models.
Combine the given camera angle, shot prompt and extra instructions into one prompt of one to three sentences.
Keep every name, object, place and fact that is given; add visual detail only where it is implied.
Answer with the prompt alone: no quotes, no labels, no explanation.`;

/** The longest prompt kept from a model's answer; workflows' text inputs are not meant for essays. */
export const MAX_WRITTEN_PROMPT_CHARS = 2_000;

/** The chat messages that ask for one generation prompt from the prompt node's inputs. */
export function promptWritingMessages(parts: PromptParts): ChatMessage[] {
  const user = [
    parts.cameraAngle.trim() && `Camera angle: ${parts.cameraAngle.trim()}`,
    parts.prompt.trim() && `Shot prompt: ${parts.prompt.trim()}`,
    ...parts.extraInstructions.map((text) => text.trim() && `Extra instruction: ${text.trim()}`),
  ]
    .filter(Boolean)
    .join('\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}

/** The prompt in a model's answer: code fences, a leading label and wrapping quotes removed. */
export function readWrittenPrompt(content: string | null): string | null {
  if (!content) return null;
  const text = content
    .trim()
    .replace(/^```[a-z]*\s*|\s*```$/g, '')
    .replace(/^prompt:\s*/i, '')
    .replace(/^["'“](.*)["'”]$/s, '$1')
    .trim();
  return text === '' ? null : text.slice(0, MAX_WRITTEN_PROMPT_CHARS);
}
