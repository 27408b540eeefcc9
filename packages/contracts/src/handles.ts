/** Data types a node handle carries, with the colour the canvas draws them in. */
export const HANDLE_COLORS = {
  text: '#3b82f6',
  lora: '#ec4899',
  character: '#a855f7',
  image: '#22c55e',
  video: '#f97316',
  audio: '#eab308',
  number: '#06b6d4',
  vector2: '#14b8a6',
  any: '#9ca3af',
} as const;
export type HandleType = keyof typeof HANDLE_COLORS;
export const HANDLE_SIZE_PX = 8;
