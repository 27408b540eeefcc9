import type { Viewport } from '@xyflow/react';
import type { Rect } from './placement';

export interface Size {
  width: number;
  height: number;
}

/** Where the minimap draws the canvas: a canvas point p is drawn at p * scale + offset, in minimap pixels. */
export interface MinimapFrame {
  scale: number;
  offsetX: number;
  offsetY: number;
}

/** React Flow's minimap keeps this many of its pixels clear around the nodes and the view. */
const MARGIN_PX = 5;

/** The part of the canvas a viewport shows in a canvas element of `size`, in canvas coordinates. */
export function viewRect({ x, y, zoom }: Viewport, size: Size): Rect {
  return { x: -x / zoom, y: -y / zoom, width: size.width / zoom, height: size.height / zoom };
}

/** The smallest rect holding every rect given (null of none). */
export function boundsOf(rects: Iterable<Rect>): Rect | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const r of rects) {
    left = Math.min(left, r.x);
    top = Math.min(top, r.y);
    right = Math.max(right, r.x + r.width);
    bottom = Math.max(bottom, r.y + r.height);
  }
  return left === Infinity ? null : { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * The frame React Flow's SVG minimap shows (its viewBox, fitted into the element as SVG fits one):
 * the nodes and the view together, centred, with a margin; null while there is nothing to frame
 * (the canvas not laid out yet).
 */
export function minimapFrame(nodesBounds: Rect | null, view: Rect, map: Size): MinimapFrame | null {
  const all = nodesBounds ? boundsOf([nodesBounds, view])! : view;
  const unitsPerPx = Math.max(all.width / map.width, all.height / map.height);
  if (!(unitsPerPx > 0) || !Number.isFinite(unitsPerPx)) return null;
  const margin = MARGIN_PX * unitsPerPx;
  const box = {
    x: all.x - (unitsPerPx * map.width - all.width) / 2 - margin,
    y: all.y - (unitsPerPx * map.height - all.height) / 2 - margin,
    width: unitsPerPx * map.width + 2 * margin,
    height: unitsPerPx * map.height + 2 * margin,
  };
  const scale = Math.min(map.width / box.width, map.height / box.height);
  return {
    scale,
    offsetX: (map.width - box.width * scale) / 2 - box.x * scale,
    offsetY: (map.height - box.height * scale) / 2 - box.y * scale,
  };
}

/** A canvas rect as the minimap draws it, in minimap pixels. */
export function toMinimap(rect: Rect, frame: MinimapFrame): Rect {
  return {
    x: rect.x * frame.scale + frame.offsetX,
    y: rect.y * frame.scale + frame.offsetY,
    width: rect.width * frame.scale,
    height: rect.height * frame.scale,
  };
}

/**
 * The least a node or the view is drawn, in minimap pixels each way. One node far from the rest makes
 * the frame so wide that every other node, and the view, come out under a pixel: drawn at scale they
 * would vanish, and the minimap look empty.
 */
export const MIN_DRAWN_PX = 3;

/** A canvas rect as the minimap draws it, grown about its centre to MIN_DRAWN_PX where it is smaller. */
export function drawnOnMinimap(rect: Rect, frame: MinimapFrame): Rect {
  const r = toMinimap(rect, frame);
  const width = Math.max(r.width, MIN_DRAWN_PX);
  const height = Math.max(r.height, MIN_DRAWN_PX);
  return { x: r.x - (width - r.width) / 2, y: r.y - (height - r.height) / 2, width, height };
}

/**
 * The viewport after the pointer moved by (dx, dy) minimap pixels while pressed on the minimap: the
 * view's rectangle follows the pointer (React Flow's own moves it ~5-8% further, by its unframed scale).
 */
export function pannedViewport(viewport: Viewport, dx: number, dy: number, frame: MinimapFrame): Viewport {
  const screenPxPerMinimapPx = viewport.zoom / frame.scale;
  return {
    x: viewport.x - dx * screenPxPerMinimapPx,
    y: viewport.y - dy * screenPxPerMinimapPx,
    zoom: viewport.zoom,
  };
}

/** The zoom after a wheel turn over the minimap, as React Flow's minimap reckons it. */
export function wheelZoom(
  zoom: number,
  wheel: { deltaY: number; deltaMode: number; ctrlKey: boolean },
  mac: boolean,
): number {
  const perUnit = wheel.deltaMode === 1 ? 0.05 : wheel.deltaMode ? 1 : 0.002;
  // A pinch on a Mac trackpad comes as a wheel with ctrlKey and small deltas.
  const factor = wheel.ctrlKey && mac ? 10 : 1;
  return zoom * Math.pow(2, -wheel.deltaY * perUnit * factor);
}
