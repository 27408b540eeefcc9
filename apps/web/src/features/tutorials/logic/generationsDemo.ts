import type { Generation } from '@cinegraph/contracts';

/** The statuses a take goes through in the demo (the studio has queued, assigned and cancelled too). */
export type DemoStatus = 'pending' | 'running' | 'failed' | 'success';

export interface DemoGeneration {
  id: string;
  status: DemoStatus;
  useAsInput: boolean;
  /** What the take "shows": the demo generates text, not media. */
  text: string;
  hidden: boolean;
}

/** How long the demo's Generate pretends to run. */
export const SIMULATED_RUN_MS = 2000;

export const SAMPLE_GENERATIONS: readonly DemoGeneration[] = [
  {
    id: 'take-1',
    status: 'success',
    useAsInput: true,
    text: 'A lighthouse at dawn, wide shot',
    hidden: false,
  },
  { id: 'take-2', status: 'success', useAsInput: false, text: 'The keeper on the stairs', hidden: false },
  { id: 'take-3', status: 'failed', useAsInput: false, text: '', hidden: false },
  { id: 'take-4', status: 'pending', useAsInput: false, text: '', hidden: false },
  { id: 'take-5', status: 'success', useAsInput: false, text: 'An empty beach, rejected', hidden: true },
];

/** What a tile says of a take. */
export function statusText(generation: Pick<DemoGeneration, 'status' | 'text'>): string {
  switch (generation.status) {
    case 'pending':
      return 'Pending...';
    case 'running':
      return 'Generating...';
    case 'failed':
      return 'Generation failed';
    case 'success':
      return generation.text || 'No generation';
    default:
      return 'No generation';
  }
}

export function visibleGenerations(list: readonly DemoGeneration[], showHidden: boolean): DemoGeneration[] {
  return showHidden ? [...list] : list.filter((g) => !g.hidden);
}

/** The list with a new take running (Generate was pressed). */
export function startGeneration(list: readonly DemoGeneration[], id: string): DemoGeneration[] {
  return [...list, { id, status: 'running', useAsInput: false, text: '', hidden: false }];
}

/** The list with the take finished: a success with its text (after the simulated run). */
export function finishGeneration(
  list: readonly DemoGeneration[],
  id: string,
  text: string,
): DemoGeneration[] {
  return list.map((g) => (g.id === id && g.status === 'running' ? { ...g, status: 'success', text } : g));
}

export function toggleHidden(list: readonly DemoGeneration[], id: string): DemoGeneration[] {
  return list.map((g) => (g.id === id ? { ...g, hidden: !g.hidden } : g));
}

/** Only a successful take can be used as input; any other take is left as it is. */
export function toggleUseAsInput(list: readonly DemoGeneration[], id: string): DemoGeneration[] {
  return list.map((g) => (g.id === id && g.status === 'success' ? { ...g, useAsInput: !g.useAsInput } : g));
}

/** The list without the take; the first remaining take is selected (none when empty). */
export function deleteGeneration(
  list: readonly DemoGeneration[],
  id: string,
): { list: DemoGeneration[]; selected: string | null } {
  const remaining = list.filter((g) => g.id !== id);
  return { list: remaining, selected: remaining[0]?.id ?? null };
}

/** The takes marked as input: what chained workflows receive and batch download includes. */
export function takesUsedAsInput(list: readonly DemoGeneration[]): DemoGeneration[] {
  return list.filter((g) => g.status === 'success' && g.useAsInput);
}

/** The take in the studio's shape, so the studio's own tile draws it. */
export function asStudioGeneration(generation: DemoGeneration, index: number): Generation {
  const at = '2025-06-15T00:00:00.000Z';
  return {
    _id: generation.id,
    movie_id: 'tutorial',
    workflow_node_id: 'tutorial-workflow',
    shot_id: 'tutorial-shot',
    scene_id: null,
    level: 'shot',
    status: generation.status,
    progress: generation.status === 'success' ? 1 : 0,
    output: null,
    inference: { error_message: null, warning: null },
    workflow_inputs: {},
    use_as_input: generation.useAsInput,
    hidden: generation.hidden,
    new_output: false,
    downloaded: false,
    index,
    display_image: null,
    gpu_seconds: null,
    created_at: at,
    updated_at: at,
  };
}
