/**
 * The shot A (-1) or D (+1) moves to: the previous or next visible shot of the scene, wrapping around.
 * Hidden shots are skipped unless shown. Null when there is nowhere else to go.
 */
export function steppedShotId(
  shots: readonly { _id: string; hidden: boolean }[],
  currentId: string,
  direction: -1 | 1,
  showHidden: boolean,
): string | null {
  const visible = shots.filter((shot) => showHidden || !shot.hidden || shot._id === currentId);
  if (visible.length < 2) return null;
  const at = visible.findIndex((shot) => shot._id === currentId);
  if (at === -1) return visible[direction === 1 ? 0 : visible.length - 1]!._id;
  return visible[(at + direction + visible.length) % visible.length]!._id;
}
