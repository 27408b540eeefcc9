import type { Config } from '../config';
import { OfflinePlanner } from './offline-planner';
import { OpenAIPlanner } from './openai-planner';
import type { Planner } from './planner';

/** The OpenAI-compatible planner when LLM_BASE_URL and LLM_MODEL are set; the offline planner otherwise. */
export function createPlanner(config: Pick<Config, 'llm'>): Planner {
  const { baseUrl, model, apiKey } = config.llm;
  if (baseUrl && model) return new OpenAIPlanner({ baseUrl, model, apiKey });
  return new OfflinePlanner();
}
