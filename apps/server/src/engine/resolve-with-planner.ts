import type { WorkflowInputs } from '@cinegraph/contracts';
import { composeOfflinePrompt, type PromptParts } from '../llm/compose-prompt';
import type { Planner } from '../llm/planner';
import { messageOf } from './worker-pool';
import { resolveShotInputs } from './resolve-inputs';
import type { ShotContext } from './shot-graph';

/** Prompts asked of a language model at once; a batch of shots should not flood the model's server. */
const PROMPTS_IN_FLIGHT = 4;

/**
 * Resolves a workflow node's inputs for each shot, with the planner writing the prompt node's prompts.
 * Resolution is a synchronous walk, so it runs twice: once to learn which prompts are needed, then with
 * the planner's answers. Equal inputs are asked once, so the jobs of a batch share a prompt. A planner
 * that fails gives the offline composition: a take is never refused because a model is down, and
 * `workflow_inputs` keeps the text that was really sent.
 */
export async function resolveWithPlanner(
  contexts: readonly ShotContext[],
  workflowNodeId: string,
  planner: Planner,
  onFallback: (message: string) => void = () => {},
): Promise<WorkflowInputs[]> {
  const needed = new Map<string, PromptParts>();
  for (const ctx of contexts) {
    resolveShotInputs(ctx, workflowNodeId, (parts) => {
      needed.set(keyOf(parts), parts);
      return composeOfflinePrompt(parts);
    });
  }
  const written = new Map<string, string>();
  await eachLimited([...needed], PROMPTS_IN_FLIGHT, async ([key, parts]) => {
    written.set(key, await writeOrCompose(planner, parts, onFallback));
  });
  return contexts.map((ctx) =>
    resolveShotInputs(
      ctx,
      workflowNodeId,
      (parts) => written.get(keyOf(parts)) ?? composeOfflinePrompt(parts),
    ),
  );
}

async function writeOrCompose(
  planner: Planner,
  parts: PromptParts,
  onFallback: (message: string) => void,
): Promise<string> {
  // Nothing to write from: the model would only invent a prompt.
  if (composeOfflinePrompt(parts) === '') return '';
  try {
    return await planner.writePrompt(parts);
  } catch (error) {
    onFallback(`The prompt node used its offline composition: ${messageOf(error)}`);
    return composeOfflinePrompt(parts);
  }
}

const keyOf = (parts: PromptParts) =>
  JSON.stringify([parts.cameraAngle, parts.prompt, parts.extraInstructions]);

async function eachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
