/**
 * The editor's constants and plain types, without zod: the web app's editor imports them for its first
 * render, and a module holding schemas would bring zod's ~84 kB with them (editor.ts re-exports these).
 */
export const PRIMITIVE_LEVELS = ['movie', 'scene', 'shot', 'character'] as const;
export type PrimitiveLevel = (typeof PRIMITIVE_LEVELS)[number];

/** The six canvas node types; a primitive is shown by its level and saved back as `primitive`. */
export const CANVAS_NODE_TYPES = [
  'moviePrimitive',
  'scenePrimitive',
  'shotPrimitive',
  'characterPrimitive',
  'workflow',
  'utility',
] as const;
export type CanvasNodeType = (typeof CANVAS_NODE_TYPES)[number];

export const DEFAULT_NODE_WIDTHS: Record<CanvasNodeType, number> = {
  moviePrimitive: 220,
  scenePrimitive: 180,
  shotPrimitive: 180,
  characterPrimitive: 180,
  workflow: 300,
  utility: 220,
};

/** The id of a primitive's single output handle (edge ids default to it too). */
export const PRIMITIVE_OUTPUT_HANDLE_ID = 'output';
