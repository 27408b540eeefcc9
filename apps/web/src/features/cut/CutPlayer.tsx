import { formatCutTime, type Cut } from '@cinegraph/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/icons';
import { CutStage } from './CutStage';
import { CutStrip } from './CutStrip';
import { useCutClock } from './hooks/useCutClock';
import { shotIndexAt, shotStarts } from './logic/cutTimeline';

export interface CutPlayerProps {
  title: string;
  cut: Cut;
  onClose(): void;
  /** A thumbnail's edge was dragged: `done` once it is let go (then it is saved). */
  onDuration(shotId: string, seconds: number, done: boolean): void;
}

const PreviousIcon = () => (
  <Icon>
    <path d="M6 5v14M18 5l-9 7 9 7z" />
  </Icon>
);
const NextIcon = () => (
  <Icon>
    <path d="M18 5v14M6 5l9 7-9 7z" />
  </Icon>
);

/**
 * The cut player: the chosen take of every shot in order (a slate for a shot without one), the strip
 * of thumbnails with the play head, the time, and the keys Space, Left/Right, Home/End and Esc.
 */
export function CutPlayer({ title, cut, onClose, onDuration }: CutPlayerProps) {
  const [stalled, setStalled] = useState(false);
  const total = cut.seconds;
  const clock = useCutClock(total, stalled);
  const starts = useMemo(() => shotStarts(cut.shots), [cut.shots]);
  const index = shotIndexAt(starts, clock.time);
  const shot = cut.shots[index]!;
  const offset = clock.time - starts[index]!;
  const { toggle, seek } = clock;

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const actions: Record<string, () => void> = {
        ' ': toggle,
        ArrowLeft: () => seek(offset > 1 || index === 0 ? starts[index]! : starts[index - 1]!),
        ArrowRight: () => seek(index + 1 < starts.length ? starts[index + 1]! : total),
        Home: () => seek(0),
        End: () => seek(total),
        Escape: onClose,
      };
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle, seek, onClose, index, offset, starts, total]);

  return (
    <div
      role="dialog"
      aria-modal
      aria-label={`Cut: ${title}`}
      className="fixed inset-0 z-50 flex flex-col bg-neutral-950 text-neutral-100"
    >
      <header className="flex items-center gap-3 px-3 py-2 sm:px-5">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base">{title}</h2>
        <span className="text-xs text-neutral-400 sm:text-sm" data-testid="cut-shot-label">
          Scene {shot.scene_number} · Shot {shot.shot_number}
        </span>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close the player">
          Close
        </Button>
      </header>
      <CutStage
        shot={shot}
        offset={offset}
        playing={clock.playing}
        next={cut.shots[index + 1]}
        onStalled={setStalled}
      />
      <div className="flex flex-col gap-2 px-3 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-5">
        <div className="flex items-center gap-2">
          <Button
            variant="ghost"
            size="sm"
            aria-label="Previous shot"
            onClick={() => seek(starts[Math.max(0, index - 1)]!)}
          >
            <PreviousIcon />
          </Button>
          <Button variant="primary" size="sm" onClick={toggle} aria-label={clock.playing ? 'Pause' : 'Play'}>
            {clock.playing ? 'Pause' : 'Play'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label="Next shot"
            onClick={() => seek(index + 1 < starts.length ? starts[index + 1]! : total)}
          >
            <NextIcon />
          </Button>
          <span className="ml-auto font-mono text-sm tabular-nums" data-testid="cut-time">
            {formatCutTime(clock.time)} / {formatCutTime(total)}
          </span>
        </div>
        <CutStrip
          shots={cut.shots}
          total={total}
          time={clock.time}
          currentIndex={index}
          onSeek={seek}
          onDuration={onDuration}
        />
      </div>
    </div>
  );
}
