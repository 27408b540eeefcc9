import { setTimeout as sleep } from 'node:timers/promises';
import { produceOutput } from './produce-output';
import { requestedFailure, summarizePrompt } from './prompt-summary';
import { toItem, type QueuedPrompt } from './prompt-queue';
import { fetchUrlInput } from './url-inputs';
import {
  isLink,
  isRecord,
  type ApiPrompt,
  type HistoryEntry,
  type NodeOutput,
  type StatusMessage,
} from './prompt-types';
import type { WorkerFiles } from './worker-files';

/** What running a prompt needs from the worker. */
export interface ExecutionContext {
  files: WorkerFiles;
  stepMs: number;
  /** Sends 0.8.0's `progress_state` messages too. */
  progressState: boolean;
  failWhen?: (prompt: ApiPrompt) => string | null;
  /** Sends a message to the prompt's client (everyone when it has no client id). */
  send(type: string, data: Record<string, unknown>): void;
}

/** Raised between nodes and steps once `/interrupt` marked the prompt. */
class Interrupted extends Error {}

/** What ComfyUI's savers write into a PNG: the API prompt and every `extra_pnginfo` entry (`workflow`). */
function pngMetadata(queued: QueuedPrompt): Record<string, unknown> {
  const extra = queued.extraData.extra_pnginfo;
  return { prompt: queued.prompt, ...(isRecord(extra) ? extra : {}) };
}

/** The nodes the outputs need, in an order where every node comes after its inputs (ties by id). */
export function executionOrder(prompt: ApiPrompt, outputs: readonly string[]): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !prompt[id]) return;
    seen.add(id);
    const sources = Object.values(prompt[id].inputs)
      .filter(isLink)
      .map((link) => link[0]);
    for (const source of [...new Set(sources)].sort(byNumber)) visit(source);
    order.push(id);
  };
  for (const output of [...outputs].sort(byNumber)) visit(output);
  return order;
}

const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** Sampling nodes report `steps` progress; without one, the first output node shows a few steps. */
function stepsOf(prompt: ApiPrompt, order: string[], id: string, outputs: readonly string[]): number {
  const steps = prompt[id]!.inputs.steps;
  if (typeof steps === 'number') return Math.min(50, Math.max(1, Math.round(steps)));
  const sampled = order.some((node) => typeof prompt[node]!.inputs.steps === 'number');
  return !sampled && id === order.find((node) => outputs.includes(node)) ? 4 : 0;
}

/**
 * Runs one prompt the way ComfyUI reports it: `execution_start`, `execution_cached`, then per node
 * `executing` (with `progress` steps `stepMs` apart and `executed` for outputs), and `execution_success`;
 * or `execution_error` / `execution_interrupted`. Returns the prompt's history entry.
 */
export async function executePrompt(queued: QueuedPrompt, context: ExecutionContext): Promise<HistoryEntry> {
  const { prompt, id: promptId, outputs: wanted } = queued;
  const messages: StatusMessage[] = [];
  const outputs: Record<string, NodeOutput> = {};
  const executed: string[] = [];
  const tell = (type: string, data: Record<string, unknown>, keep = false) => {
    context.send(type, data);
    if (keep) messages.push([type, data]);
  };
  const progress = new Map<string, Record<string, unknown>>();
  const progressState = (node: string, value: number, max: number, state: 'running' | 'finished') => {
    if (!context.progressState) return;
    const ids = { node_id: node, prompt_id: promptId, display_node_id: node, parent_node_id: null };
    progress.set(node, { value, max, state, ...ids, real_node_id: node });
    tell('progress_state', { prompt_id: promptId, nodes: Object.fromEntries(progress) });
  };
  const entry = (status: 'success' | 'error'): HistoryEntry => ({
    prompt: toItem(queued),
    outputs,
    status: { status_str: status, completed: status === 'success', messages },
    meta: Object.fromEntries(
      Object.keys(outputs).map((id) => [
        id,
        { node_id: id, display_node: id, parent_node: null, real_node_id: id },
      ]),
    ),
  });

  tell('execution_start', { prompt_id: promptId, timestamp: Date.now() }, true);
  tell('execution_cached', { nodes: [], prompt_id: promptId, timestamp: Date.now() }, true);
  const order = executionOrder(prompt, wanted);
  const summary = summarizePrompt(Object.fromEntries(order.map((id) => [id, prompt[id]!])));
  let failure: string | null;
  try {
    failure = context.failWhen?.(prompt) ?? requestedFailure(prompt);
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  const failAt =
    order.find((id) => typeof prompt[id]!.inputs.steps === 'number') ??
    order.find((id) => wanted.includes(id));
  let current = order[0] ?? '';
  const check = () => {
    if (queued.interrupted) throw new Interrupted();
  };
  try {
    for (const id of order) {
      current = id;
      const node = prompt[id]!;
      progressState(id, 0, 1, 'running');
      tell('executing', { node: id, display_node: id, prompt_id: promptId });
      check();
      if (failure && id === failAt) throw new Error(failure);
      await fetchUrlInput(node);
      const steps = stepsOf(prompt, order, id, wanted);
      for (let step = 1; step <= steps; step += 1) {
        await sleep(context.stepMs);
        check();
        progressState(id, step, steps, 'running');
        tell('progress', { value: step, max: steps, prompt_id: promptId, node: id });
      }
      if (steps === 0) await sleep(context.stepMs);
      check();
      if (wanted.includes(id)) {
        const output = await produceOutput(node, summary, context.files, pngMetadata(queued));
        if (output) {
          outputs[id] = output;
          tell('executed', { node: id, display_node: id, output, prompt_id: promptId });
        }
      }
      progressState(id, Math.max(1, steps), Math.max(1, steps), 'finished');
      executed.push(id);
    }
  } catch (caught) {
    const base = {
      prompt_id: promptId,
      node_id: current,
      node_type: prompt[current]?.class_type ?? '',
      executed: [...executed].reverse(),
    };
    if (caught instanceof Interrupted) {
      tell('execution_interrupted', { ...base, timestamp: Date.now() }, true);
      return entry('error');
    }
    const message = caught instanceof Error ? caught.message : String(caught);
    const error = {
      ...base,
      exception_message: message,
      exception_type: failure ? 'RuntimeError' : 'Exception',
      traceback: [`  File "cinegraph-dev-worker", in ${prompt[current]?.class_type ?? 'node'}\n`],
      current_inputs: {},
      current_outputs: [],
    };
    tell('execution_error', error, true);
    return entry('error');
  }
  tell('execution_success', { prompt_id: promptId, timestamp: Date.now() }, true);
  return entry('success');
}
