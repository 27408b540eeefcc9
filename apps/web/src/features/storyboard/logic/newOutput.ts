import type { SceneGenerationStats, ShotGenerationStats, StoryboardLevel } from '@cinegraph/contracts';

export type LevelStats = ShotGenerationStats | SceneGenerationStats;

/**
 * Whether selecting an item clears its new-output marker: a character's at once; a shot's or a scene's
 * only when its stats say no generations (or shots) with new output remain.
 */
export function clearsNewOutput(level: StoryboardLevel, hasNewOutput: boolean, stats?: LevelStats): boolean {
  if (!hasNewOutput) return false;
  if (level === 'character') return true;
  if (!stats) return false;
  if ('total' in stats) return stats.shots_with_new_output === 0 && stats.generations_with_new_output === 0;
  return stats.generations_with_new_output === 0;
}

/** The counts a Generation Status block shows, with their total. */
export function statusRows(stats: LevelStats): { label: string; count: number }[] {
  const counts = 'total' in stats ? stats.total : stats;
  const rows = [
    { label: 'Pending', count: counts.pending },
    { label: 'Running', count: counts.running },
    { label: 'Success', count: counts.success },
    { label: 'Failed', count: counts.failed },
  ];
  return [...rows, { label: 'Total', count: rows.reduce((sum, row) => sum + row.count, 0) }];
}
