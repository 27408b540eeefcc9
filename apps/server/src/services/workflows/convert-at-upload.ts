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
import { workerDefinitions, type WorkerDefinitions } from './worker-definitions';

/** What converting a UI-format workflow at upload gave. */
export interface UploadConversion {
  /** The API format, converted with a worker's node definitions; null when none could convert it. */
  api: string | null;
  /** The node classes no answering worker knows (the fewest any of them lacks); empty otherwise. */
  waitingFor: string[];
}

/**
 * Converts a UI-format workflow to the API format with the node definitions of a worker the user's
 * jobs may run on, so the node is ready to dispatch. When no worker answers it is converted at dispatch;
 * when the answering workers lack node classes it uses, the UI file is kept all the same and the node
 * waits for a worker that knows them (`waitingFor`, the fewest classes one of them lacks), which
 * converts it when it connects (waiting-nodes.ts).
 */
export async function convertWithWorker(
  ctx: { db: Database; userId: string; allowPrivateUserWorkers?: boolean },
  parsed: ParsedWorkflow,
): Promise<UploadConversion> {
  if (parsed.format !== 'ui') return { api: null, waitingFor: [] };
  const answers = await workerDefinitions(ctx.db, ctx.userId, ctx.allowPrivateUserWorkers ?? false);
  return convertWithDefinitions(parsed.workflow, answers);
}

/** The conversion with the first of `answers` that knows every class the workflow uses. */
export function convertWithDefinitions(
  workflow: UiWorkflow,
  answers: readonly Pick<WorkerDefinitions, 'objectInfo' | 'servesEditor'>[],
): UploadConversion {
  const core = coreClassNames(workflow);
  let fewest: string[] | null = null;
  for (const { objectInfo, servesEditor } of answers) {
    try {
      return { api: JSON.stringify(convertUiToApi(workflow, objectInfo)), waitingFor: [] };
    } catch (error) {
      if (!(error instanceof UnknownNodeClassError)) throw error;
      // The preview worker copies one ComfyUI release: a core node of a newer one (SaveAudioAdvanced, say)
      // is no missing pack, and a real ComfyUI converts the workflow at dispatch.
      if (!servesEditor && error.classNames.every((name) => core.has(name))) continue;
      if (!fewest || error.classNames.length < fewest.length) fewest = [...error.classNames];
    }
  }
  return { api: null, waitingFor: fewest ?? [] };
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
