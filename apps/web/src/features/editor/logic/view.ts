import { getViewportForBounds, type Viewport } from '@xyflow/react';
import { CANVAS_SETTINGS } from './device';
import type { Rect } from './placement';

/** Screen pixels along the canvas's edges that nothing is fitted or placed under. */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const MARGIN_PX = 20;
/** The zoom buttons' column at the bottom right. */
const CONTROLS_WIDTH_PX = 30;

/** The canvas's clear area: the minimap covers its top right corner, the zoom buttons its right edge. */
export function clearInsets(minimapHeight: number): Insets {
  return {
    top: minimapHeight + MARGIN_PX,
    right: CONTROLS_WIDTH_PX + MARGIN_PX,
    bottom: MARGIN_PX,
    left: MARGIN_PX,
  };
}

/**
 * The view showing all of `bounds` inside the clear area of a canvas of `size` (what the Fit View
 * button and the editor's first view show), never closer than `maxZoom` (the device's default zoom: a
 * small graph is not blown up), never further than the canvas's least zoom.
 */
export function fittedViewport(
  bounds: Rect,
  size: { width: number; height: number },
  insets: Insets,
  maxZoom: number,
): Viewport {
  const px = (n: number) => `${n}px` as const;
  return getViewportForBounds(bounds, size.width, size.height, CANVAS_SETTINGS.minZoom, maxZoom, {
    top: px(insets.top),
    right: px(insets.right),
    bottom: px(insets.bottom),
    left: px(insets.left),
  });
}

export function sameViewport(a: Viewport, b: Viewport): boolean {
  return Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5 && Math.abs(a.zoom - b.zoom) < 1e-4;
}

/** The part of the canvas a viewport shows inside the clear area, in canvas coordinates. */
export function visibleArea(
  viewport: Viewport,
  size: { width: number; height: number },
  insets: Insets,
): Rect {
  const { x, y, zoom } = viewport;
  return {
    x: (insets.left - x) / zoom,
    y: (insets.top - y) / zoom,
    width: Math.max(0, size.width - insets.left - insets.right) / zoom,
    height: Math.max(0, size.height - insets.top - insets.bottom) / zoom,
  };
}

const viewKey = (movieId: string) => `cinegraph.editorView.${movieId}`;

/** The view the creator last left the movie's canvas at (kept in this browser), if they moved it. */
export function savedViewport(movieId: string): Viewport | null {
  try {
    const view = JSON.parse(localStorage.getItem(viewKey(movieId)) ?? 'null') as Viewport | null;
    const finite = view && [view.x, view.y, view.zoom].every((n) => Number.isFinite(n)) && view.zoom > 0;
    return finite ? { x: view.x, y: view.y, zoom: view.zoom } : null;
  } catch {
    return null;
  }
}

export function saveViewport(movieId: string, viewport: Viewport): void {
  localStorage.setItem(viewKey(movieId), JSON.stringify(viewport));
}
