import type { Generation } from '@cinegraph/contracts';
import type { GenerationRow } from '../../services/generations/access';

/** A generation as the studio reads it (`_id`, the spec's `inference.error_message`). */
export function presentGeneration(row: GenerationRow): Generation {
  return {
    _id: row.id,
    movie_id: row.movieId,
    workflow_node_id: row.workflowNodeId,
    shot_id: row.shotId,
    scene_id: row.sceneId,
    level: row.level,
    status: row.status,
    progress: row.progress,
    output: row.output ?? null,
    inference: { error_message: row.errorMessage, warning: row.warning },
    workflow_inputs: row.workflowInputs,
    use_as_input: row.useAsInput,
    hidden: row.hidden,
    new_output: row.newOutput,
    downloaded: row.downloaded,
    index: row.index,
    display_image: row.output?.display_image ?? null,
    gpu_seconds: row.gpuSeconds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
