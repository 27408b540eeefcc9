import type { ShotTake } from './movie-takes';

/** The takes of one shot that go out of the studio: one picture (image or video) and one sound. */
export interface ChosenShot {
  shotId: string;
  picture?: ShotTake;
  sound?: ShotTake;
}

/** The use-as-input take, else the newest success (takes come oldest first). */
function pick(takes: ShotTake[]): ShotTake | undefined {
  return takes.findLast((take) => take.generation.useAsInput) ?? takes.at(-1);
}

/**
 * Per shot, in the order the takes come (scene and shot order): the picture take and the sound take,
 * each the use-as-input one, else the newest success.
 */
export function chooseShotTakes(takes: ShotTake[]): ChosenShot[] {
  const byShot = new Map<string, ShotTake[]>();
  for (const take of takes) {
    const list = byShot.get(take.shot.id) ?? [];
    list.push(take);
    byShot.set(take.shot.id, list);
  }
  return [...byShot].map(([shotId, shotTakes]) => ({
    shotId,
    picture: pick(shotTakes.filter((take) => take.generation.output?.type !== 'audio')),
    sound: pick(shotTakes.filter((take) => take.generation.output?.type === 'audio')),
  }));
}
