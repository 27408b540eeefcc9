import type { GenerationInput } from '@cinegraph/contracts';
import { presentShot } from '../../presenters/storyboard';
import { shotTexts } from './shot-rows';
import type { TakeFile } from './take-files';

/** The seed of a take, where one of its resolved inputs is a seed (a number, or a number written as text). */
function seedOf(inputs: Record<string, GenerationInput | GenerationInput[]>): number | null {
  for (const [key, input] of Object.entries(inputs)) {
    const first = Array.isArray(input) ? input[0] : input;
    const named = `${key} ${first?.name ?? ''}`.toLowerCase();
    const value =
      typeof first?.value === 'string' && /^\d+$/.test(first.value.trim())
        ? Number(first.value)
        : first?.value;
    if (named.includes('seed') && typeof value === 'number' && Number.isSafeInteger(value)) return value;
  }
  return null;
}

/**
 * manifest.json of a download: per file the scene, the shot (description, dialogue, camera angle),
 * the take number, its status, the workflow inputs it was made with, and its seed where known.
 */
export function downloadManifest(movie: { id: string; title: string }, files: TakeFile[]): Buffer {
  const manifest = {
    movie: { id: movie.id, title: movie.title },
    created_at: new Date().toISOString(),
    takes: files.map(({ take, name }) => {
      const { generation, scene } = take;
      const shot = presentShot(take.shot);
      const texts = shotTexts(take.shot);
      return {
        file: name,
        scene: { id: scene.id, index: scene.index + 1, title: scene.title },
        shot: {
          id: shot._id,
          index: take.shot.index + 1,
          description: shot.description,
          dialogue: texts.dialogue,
          camera_angle: texts.cameraAngle,
        },
        take: generation.index + 1,
        generation_id: generation.id,
        workflow_node_id: generation.workflowNodeId,
        type: generation.output?.type ?? null,
        status: generation.status,
        use_as_input: generation.useAsInput,
        seed: seedOf(generation.workflowInputs),
        workflow_inputs: generation.workflowInputs,
        created_at: generation.createdAt.toISOString(),
      };
    }),
  };
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
}
