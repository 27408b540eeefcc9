import type { CutShot } from '@cinegraph/contracts';
import { useRef, useState, type PointerEvent } from 'react';
import { draggedDuration, timeAtFraction } from './logic/cutTimeline';

export interface CutStripProps {
  shots: readonly CutShot[];
  total: number;
  time: number;
  currentIndex: number;
  onSeek(time: number): void;
  /** A thumbnail's right edge was dragged: the shot's new duration, while dragging and once let go. */
  onDuration(shotId: string, seconds: number, done: boolean): void;
}

function thumbnailOf(shot: CutShot): string | null {
  const picture = shot.picture;
  if (!picture) return null;
  return picture.kind === 'image' ? picture.url : picture.display_image;
}

/**
 * Every shot as a thumbnail as wide as its duration, the play head over them. Pressing or dragging on
 * the strip moves the play head (scrubbing); dragging a thumbnail's right edge changes its duration.
 */
export function CutStrip({ shots, total, time, currentIndex, onSeek, onDuration }: CutStripProps) {
  const strip = useRef<HTMLDivElement>(null);
  const [scrubbing, setScrubbing] = useState(false);
  const edge = useRef<{ shotId: string; x: number; seconds: number; pxPerSecond: number } | null>(null);

  function seekAt(event: PointerEvent) {
    const box = strip.current?.getBoundingClientRect();
    if (box && box.width > 0) onSeek(timeAtFraction((event.clientX - box.left) / box.width, total));
  }
  function startEdge(event: PointerEvent<HTMLElement>, shot: CutShot) {
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    const width = strip.current?.getBoundingClientRect().width ?? 0;
    edge.current = {
      shotId: shot.shot_id,
      x: event.clientX,
      seconds: shot.seconds,
      pxPerSecond: width / total,
    };
  }
  function moveEdge(event: PointerEvent, done: boolean) {
    const drag = edge.current;
    if (!drag) return;
    onDuration(drag.shotId, draggedDuration(drag.seconds, event.clientX - drag.x, drag.pxPerSecond), done);
    if (done) edge.current = null;
  }

  return (
    <div
      ref={strip}
      role="slider"
      aria-label="Play head"
      aria-valuemin={0}
      aria-valuemax={Math.round(total)}
      aria-valuenow={Math.round(time)}
      tabIndex={-1}
      data-testid="cut-strip"
      className="relative flex h-16 w-full touch-none select-none sm:h-20"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        setScrubbing(true);
        seekAt(event);
      }}
      onPointerMove={(event) => scrubbing && seekAt(event)}
      onPointerUp={() => setScrubbing(false)}
      onPointerCancel={() => setScrubbing(false)}
    >
      {shots.map((shot, i) => {
        const image = thumbnailOf(shot);
        return (
          <div
            key={shot.shot_id}
            data-testid="cut-thumbnail"
            title={`Scene ${shot.scene_number} · Shot ${shot.shot_number}: ${shot.seconds.toFixed(1)} s`}
            style={{ width: `${(shot.seconds / total) * 100}%` }}
            className={`relative h-full shrink-0 overflow-hidden border-r border-black bg-neutral-800 ${
              i === currentIndex ? 'ring-2 ring-amber-400 ring-inset' : ''
            }`}
          >
            {image ? (
              <img src={image} alt="" draggable={false} className="h-full w-full object-cover opacity-80" />
            ) : (
              <span className="absolute inset-0 flex items-center justify-center text-[10px] text-neutral-400">
                {shot.scene_number}-{shot.shot_number}
              </span>
            )}
            {shot.sound && <span className="absolute bottom-0 left-0 h-1 w-full bg-sky-400/80" aria-hidden />}
            <span
              role="separator"
              aria-label={`Duration of shot ${shot.scene_number}-${shot.shot_number}`}
              data-testid="cut-thumbnail-edge"
              className="absolute inset-y-0 right-0 w-2 cursor-ew-resize bg-white/10 hover:bg-amber-400/60"
              onPointerDown={(event) => startEdge(event, shot)}
              onPointerMove={(event) => moveEdge(event, false)}
              onPointerUp={(event) => moveEdge(event, true)}
            />
          </div>
        );
      })}
      <div
        aria-hidden
        data-testid="cut-play-head"
        className="pointer-events-none absolute inset-y-0 w-0.5 bg-amber-400"
        style={{ left: `${(time / total) * 100}%` }}
      />
    </div>
  );
}
