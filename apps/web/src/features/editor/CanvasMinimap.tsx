import { Panel, useStore, useStoreApi, type InternalNode, type ReactFlowState } from '@xyflow/react';
import { useEffect, useRef, type PointerEvent } from 'react';
import type { Rect } from './logic/placement';
import {
  boundsOf,
  drawnOnMinimap,
  minimapFrame,
  pannedViewport,
  viewRect,
  wheelZoom,
  type MinimapFrame,
  type Size,
} from './logic/minimap';

/** The colours React Flow's minimap drew the editor's nodes and the dimmed area in. */
const NODE_COLOR = '#525252';
const MASK_COLOR = 'rgba(0,0,0,0.6)';
/** React Flow's minimap node corners, in canvas units. */
const NODE_RADIUS = 5;

const MAC = typeof navigator !== 'undefined' && navigator.userAgent.includes('Mac');

const ariaLabelOf = (state: ReactFlowState) => state.ariaLabelConfig['minimap.ariaLabel'];

/** A node's rect on the canvas, if it has a size (measured, or estimated before it is drawn). */
function nodeRect(node: InternalNode): Rect | null {
  const width = node.measured.width ?? node.width ?? node.initialWidth;
  const height = node.measured.height ?? node.height ?? node.initialHeight;
  if (node.hidden || width === undefined || height === undefined) return null;
  const { x, y } = node.internals.positionAbsolute;
  return { x, y, width, height };
}

/** Draws the nodes and the view of `state` on the minimap's canvas; the frame it drew in, if any. */
function draw(canvas: HTMLCanvasElement, state: ReactFlowState, size: Size): MinimapFrame | null {
  const ratio = window.devicePixelRatio || 1;
  const pixels = { width: Math.round(size.width * ratio), height: Math.round(size.height * ratio) };
  if (canvas.width !== pixels.width || canvas.height !== pixels.height) Object.assign(canvas, pixels);
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, size.width, size.height);
  const rects: Rect[] = [];
  for (const node of state.nodeLookup.values()) {
    const rect = nodeRect(node);
    if (rect) rects.push(rect);
  }
  const [x, y, zoom] = state.transform;
  const view = viewRect({ x, y, zoom }, state);
  const frame = minimapFrame(boundsOf(rects), view, size);
  if (!frame) return null;
  // One path, one fill: a thousand nodes cost about what one does.
  const radius = NODE_RADIUS * frame.scale;
  context.beginPath();
  for (const rect of rects) {
    const r = drawnOnMinimap(rect, frame);
    if (radius >= 0.5) context.roundRect(r.x, r.y, r.width, r.height, radius);
    else context.rect(r.x, r.y, r.width, r.height);
  }
  context.fillStyle = NODE_COLOR;
  context.fill();
  const shown = drawnOnMinimap(view, frame);
  context.beginPath();
  context.rect(0, 0, size.width, size.height);
  context.rect(shown.x, shown.y, shown.width, shown.height);
  context.fillStyle = MASK_COLOR;
  context.fill('evenodd');
  return frame;
}

/**
 * The canvas's minimap: every node and the view's rectangle, drawn on one `<canvas>` at most once a
 * frame from React Flow's store, where React Flow's own draws an SVG rect per node, each a React
 * component re-rendered at every pan step (it halved the frame rate of a drag that auto-pans 1,000
 * nodes). As React Flow's (`pannable`, `zoomable`): a drag on it pans the canvas, a wheel zooms it.
 */
export function CanvasMinimap({ size }: { size: Size }) {
  const flowStore = useStoreApi();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** The frame last drawn: a drag on the minimap moves the view within what the user sees. */
  const frameRef = useRef<MinimapFrame | null>(null);
  const pressRef = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const label = useStore(ariaLabelOf);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let pending = 0;
    const drawNow = () => {
      pending = 0;
      frameRef.current = draw(canvas, flowStore.getState(), size);
    };
    const drawSoon = () => {
      if (!pending) pending = requestAnimationFrame(drawNow);
    };
    const unsubscribe = flowStore.subscribe(drawSoon);
    drawSoon();
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { panZoom, transform } = flowStore.getState();
      void panZoom?.scaleTo(wheelZoom(transform[2], event, MAC));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      unsubscribe();
      cancelAnimationFrame(pending);
      canvas.removeEventListener('wheel', onWheel);
    };
  }, [flowStore, size]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    pressRef.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const press = pressRef.current;
    const frame = frameRef.current;
    if (!press || press.pointerId !== event.pointerId || !frame) return;
    const { panZoom, transform, width, height, translateExtent } = flowStore.getState();
    const [x, y, zoom] = transform;
    const next = pannedViewport({ x, y, zoom }, event.clientX - press.x, event.clientY - press.y, frame);
    pressRef.current = { ...press, x: event.clientX, y: event.clientY };
    void panZoom?.setViewportConstrained(
      next,
      [
        [0, 0],
        [width, height],
      ],
      translateExtent,
    );
  };
  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pressRef.current?.pointerId === event.pointerId) pressRef.current = null;
  };

  return (
    <Panel position="top-right" className="react-flow__minimap" style={size} data-testid="rf__minimap">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={label}
        style={{ ...size, display: 'block', touchAction: 'none' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      />
    </Panel>
  );
}
