import {
  completePrompt,
  convertUiToApi,
  IncompleteWorkflowError,
  readApiPrompt,
  UnknownNodeClassError,
  type ParsedWorkflow,
  type UiWorkflow,
} from '@cinegraph/comfy';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import { workerDefinitions } from './worker-definitions';

/** The message naming the node classes no answering worker knows. */
export function missingNodeClassesMessage(classNames: readonly string[]): string {
  return classNames.length === 1
    ? `The ComfyUI worker does not know the node class ${classNames[0]}: install its custom node pack on the worker.`
    : `The ComfyUI worker does not know the node classes ${classNames.join(', ')}: install their custom node packs on the worker.`;
}

/**
 * Converts a UI-format workflow to the API format with the node definitions of a worker the user's
 * jobs may run on, so the node is ready to dispatch and a missing custom node shows at upload rather
 * than at the first generation. Null when no worker answers (the conversion then happens at dispatch).
 * A workflow that no answering worker can run is refused with a 400 naming the missing classes.
 */
export async function convertWithWorker(
  ctx: { db: Database; userId: string; allowPrivateUserWorkers?: boolean },
  parsed: ParsedWorkflow,
): Promise<string | null> {
  if (parsed.format !== 'ui') return null;
  const answers = await workerDefinitions(ctx.db, ctx.userId, ctx.allowPrivateUserWorkers ?? false);
  const core = coreClassNames(parsed.workflow);
  let missing: UnknownNodeClassError | null = null;
  for (const { objectInfo, servesEditor } of answers) {
    try {
      return JSON.stringify(convertUiToApi(parsed.workflow, objectInfo));
    } catch (error) {
      if (!(error instanceof UnknownNodeClassError)) throw error;
      // The preview worker copies one ComfyUI release: a core node of a newer one (SaveAudioAdvanced, say)
      // is no missing pack, and a real ComfyUI converts the workflow at dispatch.
      if (!servesEditor && error.classNames.every((name) => core.has(name))) continue;
      // Another worker may have the pack; the first worker's list is the one reported.
      missing ??= error;
    }
  }
  if (missing) throw badRequest(missingNodeClassesMessage(missing.classNames));
  return null;
}

/** The classes the file itself says come with ComfyUI (`cnr_id: "comfy-core"`, as its editor saves them). */
function coreClassNames(workflow: UiWorkflow): Set<string> {
  const nodes = [
    ...workflow.nodes,
    ...(workflow.definitions?.subgraphs ?? []).flatMap((graph) => graph.nodes),
  ];
  return new Set(nodes.filter((node) => node.properties?.cnr_id === 'comfy-core').map((node) => node.type));
}

/**
 * Completes an API file with the node definitions of a worker that knows all its classes, as ComfyUI's
 * frontend fills widget defaults: a hand-written `CinegraphOutput` without `name` gets 'output', a LoRA
 * input without `strength` gets 1. A required value no default can give is refused with a 400 naming
 * the node and input. Unchanged when no such worker answers (it is completed at dispatch).
 */
export async function completeWithWorker(
  ctx: { db: Database; userId: string; allowPrivateUserWorkers?: boolean },
  apiText: string,
): Promise<string> {
  const prompt = readApiPrompt(JSON.parse(apiText));
  const classes = Object.values(prompt).map((node) => node.class_type);
  const answers = await workerDefinitions(ctx.db, ctx.userId, ctx.allowPrivateUserWorkers ?? false);
  const knowing = answers.find(({ objectInfo }) => classes.every((name) => Object.hasOwn(objectInfo, name)));
  if (!knowing) return apiText;
  try {
    const { prompt: completed, filled } = completePrompt(prompt, knowing.objectInfo);
    return filled.length === 0 ? apiText : JSON.stringify(completed);
  } catch (error) {
    if (error instanceof IncompleteWorkflowError) throw badRequest(error.message);
    throw error;
  }
}
