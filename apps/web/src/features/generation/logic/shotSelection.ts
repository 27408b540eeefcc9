import { MAX_JOBS_PER_SHOT, MIN_JOBS_PER_SHOT, type ShotValidation } from '@cinegraph/contracts';

export interface SceneShots {
  sceneId: string;
  title: string;
  shots: ShotValidation[];
}

/** Validation entries grouped under their scenes, scenes in the given order, shots by index. */
export function groupShotsByScene(
  scenes: readonly { _id: string; title: string }[],
  entries: readonly ShotValidation[],
): SceneShots[] {
  return scenes
    .map((scene) => ({
      sceneId: scene._id,
      title: scene.title,
      shots: entries.filter((entry) => entry.scene_id === scene._id).sort((a, b) => a.index - b.index),
    }))
    .filter((group) => group.shots.length > 0);
}

/** The spec: opened with none selected, every valid shot is selected; invalid shots never are. */
export function initialSelection(
  entries: readonly ShotValidation[],
  selected: ReadonlySet<string>,
): Set<string> {
  const valid = new Set(entries.filter((entry) => entry.valid).map((entry) => entry.shot_id));
  const kept = [...selected].filter((id) => valid.has(id));
  return new Set(kept.length > 0 ? kept : valid);
}

export function toggleShot(selected: ReadonlySet<string>, shotId: string): Set<string> {
  const next = new Set(selected);
  if (next.has(shotId)) next.delete(shotId);
  else next.add(shotId);
  return next;
}

/** Jobs per shot: an integer from 1 to 10; anything unreadable is 1. */
export function clampJobs(value: string | number): number {
  const number = Math.trunc(Number(value));
  if (!Number.isFinite(number)) return MIN_JOBS_PER_SHOT;
  return Math.min(MAX_JOBS_PER_SHOT, Math.max(MIN_JOBS_PER_SHOT, number));
}
