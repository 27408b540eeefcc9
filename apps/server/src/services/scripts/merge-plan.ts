import { createHash } from 'node:crypto';
import type { PlannedScene, PlannedShot, RemovableItem, ScriptPreview } from '@cinegraph/contracts';
import { alignByText, mergedOrder, type Placed } from './align';
import type { Breakdown, BreakdownShot } from './breakdown';
import { characterKey } from './character-names';

export interface ExistingShot {
  id: string;
  description: string;
  dialogue: string;
  camera_angle: string;
  takes: number;
}

export interface ExistingScene {
  id: string;
  title: string;
  location: string;
  description: string;
  /** Takes of the scene itself (scene-level generations), removed with it. */
  sceneTakes: number;
  shots: ExistingShot[];
}

/** The movie's storyboard as the merge reads it, in order. */
export interface ExistingStoryboard {
  title: string;
  untitled: boolean;
  scenes: ExistingScene[];
  characters: { id: string; name: string }[];
}

/** The preview, plus the merged order of each list the apply writes (new items and those left over). */
export interface ImportPlan {
  preview: ScriptPreview;
  sceneOrder: Placed[];
  /** Per planned scene (by its index in `preview.scenes`): its shots' merged order. */
  shotOrders: Placed[][];
}

const shotKey = (shot: { description: string; dialogue: string }) => `${shot.description}\n${shot.dialogue}`;
const takesOf = (scene: ExistingScene) =>
  scene.shots.reduce((sum, shot) => sum + shot.takes, scene.sceneTakes);

/**
 * The script's breakdown laid over the movie's storyboard. Matching rule: scenes by heading against
 * scene titles, then shots of a matched scene by description and dialogue, each list in order: equal
 * texts first (their longest run in order), then between two matches an item is the same as the next
 * remaining one there whose words are at least half alike (`alignByText`). A matched item keeps its id,
 * inputs and takes ('keep', or 'change' when the script's text differs); the rest is added; an existing
 * item the script no longer holds is listed in `removable` and stays unless the apply names it.
 * Characters match by name, extensions and case ignored.
 */
export function planImport(breakdown: Breakdown, movie: ExistingStoryboard): ImportPlan {
  const sceneMatch = alignByText(
    movie.scenes.map((s) => s.title),
    breakdown.scenes.map((s) => s.heading),
  );
  const removable: RemovableItem[] = [];
  const shotOrders: Placed[][] = [];
  const scenes: PlannedScene[] = breakdown.scenes.map((scene, j) => {
    const existing = movie.scenes[sceneMatch[j]!];
    const { shots, order } = planShots(scene.shots, existing, removable);
    shotOrders.push(order);
    const sceneFields = { ...scene, description: scene.description || (existing?.description ?? '') };
    const changed =
      existing &&
      (existing.title !== scene.heading ||
        existing.location !== scene.location ||
        existing.description !== sceneFields.description);
    return {
      ...sceneFields,
      change: !existing ? 'add' : changed ? 'change' : 'keep',
      scene_id: existing?.id ?? null,
      shots,
    };
  });
  const sceneOrder = mergedOrder(movie.scenes.length, sceneMatch);
  for (const place of sceneOrder) {
    if (!('existing' in place)) continue;
    const scene = movie.scenes[place.existing]!;
    removable.push({
      level: 'scene',
      id: scene.id,
      title: scene.title,
      scene_title: null,
      shots: scene.shots.length,
      takes: takesOf(scene),
    });
  }

  const byKey = new Map(movie.characters.map((c) => [characterKey(c.name), c]));
  const characters = breakdown.characters.map((c) => {
    const existing = byKey.get(c.key);
    return {
      change: existing ? ('keep' as const) : ('add' as const),
      character_id: existing?.id ?? null,
      name: existing?.name ?? c.name,
      lines: c.lines,
    };
  });
  const cast = new Set(breakdown.characters.map((c) => c.key));
  for (const c of movie.characters) {
    if (cast.has(characterKey(c.name))) continue;
    removable.push({ level: 'character', id: c.id, title: c.name, scene_title: null, shots: 0, takes: 0 });
  }

  const titleChanges = movie.untitled && breakdown.title !== null && breakdown.title !== movie.title;
  const plan = {
    format: breakdown.format,
    title: titleChanges ? breakdown.title! : movie.title,
    title_changes: titleChanges,
    scenes,
    characters,
    removable,
  };
  const fingerprint = createHash('sha256').update(JSON.stringify(plan)).digest('base64url');
  return { preview: { ...plan, fingerprint }, sceneOrder, shotOrders };
}

function planShots(
  incoming: BreakdownShot[],
  scene: ExistingScene | undefined,
  removable: RemovableItem[],
): { shots: PlannedShot[]; order: Placed[] } {
  const existing = scene?.shots ?? [];
  const matched = alignByText(existing.map(shotKey), incoming.map(shotKey));
  const shots = incoming.map((shot, j): PlannedShot => {
    const kept = existing[matched[j]!];
    const cameraAngle = shot.camera_angle || (kept?.camera_angle ?? '');
    const changed =
      kept &&
      (kept.description !== shot.description ||
        kept.dialogue !== shot.dialogue ||
        kept.camera_angle !== cameraAngle);
    return {
      ...shot,
      camera_angle: cameraAngle,
      change: !kept ? 'add' : changed ? 'change' : 'keep',
      shot_id: kept?.id ?? null,
      takes: kept?.takes ?? 0,
    };
  });
  const order = mergedOrder(existing.length, matched);
  for (const place of order) {
    if (!('existing' in place)) continue;
    const shot = existing[place.existing]!;
    removable.push({
      level: 'shot',
      id: shot.id,
      title: shot.description,
      scene_title: scene!.title,
      shots: 0,
      takes: shot.takes,
    });
  }
  return { shots, order };
}
