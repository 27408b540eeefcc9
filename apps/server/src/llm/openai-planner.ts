import { STORYBOARD_MESSAGES, type GeneratedShot } from '@cinegraph/contracts';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import type { PromptParts } from './compose-prompt';
import type { Planner, ShotPlanRequest } from './planner';
import { promptWritingMessages, readWrittenPrompt } from './prompt-writing-prompt';
import { shotPlanMessages, type ChatMessage } from './shot-plan-prompt';

export interface OpenAIPlannerOptions {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

const ChatCompletion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const PlannedShot = z.object({
  description: z.string().trim().min(1),
  dialogue: z.string().default(''),
  camera_angle: z.string().default(''),
  characters: z.array(z.string()).default([]),
});
const ShotPlan = z.object({ shots: z.array(z.looseObject(PlannedShot.shape)).min(1) });

/** The planner failed in a way the user can only retry: reported as 502 with a clear detail. */
export const plannerError = (detail: string) => new HttpError(502, detail);

/**
 * Plans shots with any OpenAI-compatible chat API (OpenAI, Ollama, vLLM, llama.cpp) in JSON mode. The
 * answer is validated; an unreadable one is asked for once more before the user gets an error.
 */
export class OpenAIPlanner implements Planner {
  readonly name = 'openai-compatible';

  constructor(private readonly options: OpenAIPlannerOptions) {}

  async planShots(request: ShotPlanRequest): Promise<GeneratedShot[]> {
    const messages = shotPlanMessages(request);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const content = await this.complete(messages);
      const shots = readShotPlan(content, request);
      if (shots) return shots;
      messages.push(
        { role: 'assistant', content: content ?? '' },
        {
          role: 'user',
          content: 'That was not valid JSON of the requested shape. Answer with the JSON only.',
        },
      );
    }
    throw plannerError(STORYBOARD_MESSAGES.plannerUnreadable);
  }

  async writePrompt(parts: PromptParts): Promise<string> {
    const prompt = readWrittenPrompt(await this.complete(promptWritingMessages(parts), { json: false }));
    if (prompt === null) throw plannerError(STORYBOARD_MESSAGES.plannerUnreadable);
    return prompt;
  }

  private async complete(messages: ChatMessage[], { json = true } = {}): Promise<string | null> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey && { authorization: `Bearer ${this.options.apiKey}` }),
        },
        body: JSON.stringify({
          model: this.options.model,
          messages,
          ...(json && { response_format: { type: 'json_object' } }),
          temperature: 0.4,
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 120_000),
      });
    } catch {
      throw plannerError(STORYBOARD_MESSAGES.plannerUnreachable);
    }
    if (!response.ok) throw plannerError(`The shot planner answered with status ${response.status}.`);
    const completion = ChatCompletion.safeParse(await response.json().catch(() => null));
    return completion.success ? completion.data.choices[0]!.message.content : null;
  }
}

/** The shots of an answer, trimmed to the request, or null when the answer is not readable. */
export function readShotPlan(content: string | null, request: ShotPlanRequest): GeneratedShot[] | null {
  if (!content) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return null;
  }
  const plan = ShotPlan.safeParse(parsed);
  if (!plan.success) return null;
  const known = new Map(request.characters.map((name) => [name.toLowerCase(), name]));
  return plan.data.shots.slice(0, request.amountOfShots).map((shot) => {
    const extras = Object.fromEntries(
      request.extraKeys.map((key) => [key, typeof shot[key] === 'string' ? shot[key] : '']),
    );
    return {
      ...extras,
      description: shot.description,
      dialogue: shot.dialogue,
      camera_angle: shot.camera_angle,
      // Only the movie's own characters, spelled as the movie spells them.
      characters: shot.characters.flatMap((name) => known.get(name.trim().toLowerCase()) ?? []),
    };
  });
}
