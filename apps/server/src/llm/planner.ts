import type { GeneratedShot } from '@cinegraph/contracts';
import type { PromptParts } from './compose-prompt';

/** What the planner is asked: a scene to cut into shots. */
export interface ShotPlanRequest {
  sceneDescription: string;
  /** The movie's character names; a shot lists those it names. */
  characters: string[];
  /** Further shot inputs to fill, each a text field of every shot. */
  extraKeys: string[];
  amountOfShots: number;
  /** Facts that hold in every shot (time of day, weather, wardrobe). */
  fixedSceneFacts: string;
}

/**
 * Plans a scene's shots and writes the prompt node's prompts. The offline planner is the embedded
 * default; an OpenAI-compatible chat API is used when one is configured.
 */
export interface Planner {
  readonly name: string;
  planShots(request: ShotPlanRequest): Promise<GeneratedShot[]>;
  /** One generation prompt from the prompt node's inputs (camera angle, prompt, extra instructions). */
  writePrompt(parts: PromptParts): Promise<string>;
}
