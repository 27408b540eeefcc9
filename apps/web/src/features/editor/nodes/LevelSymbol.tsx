import type { CanvasNodeType } from '@cinegraph/contracts';

const BARS: Partial<Record<CanvasNodeType, number>> = {
  moviePrimitive: 1,
  scenePrimitive: 2,
  shotPrimitive: 3,
};

/** The level of an input at a glance: one bar for movie, two for scene, three for shot, a person for character. */
export function LevelSymbol({ type }: { type: CanvasNodeType }) {
  const bars = BARS[type];
  if (bars) {
    return (
      <svg viewBox="0 0 16 16" className="size-4 shrink-0" aria-hidden="true" data-level-bars={bars}>
        {Array.from({ length: bars }, (_, i) => (
          <rect key={i} x={2 + i * 4.5} y={3} width={2.5} height={10} rx={1} fill="currentColor" />
        ))}
      </svg>
    );
  }
  if (type === 'characterPrimitive') {
    return (
      <svg viewBox="0 0 16 16" className="size-4 shrink-0" aria-hidden="true" data-level-person="">
        <circle cx={8} cy={5} r={2.6} fill="currentColor" />
        <path d="M3 14c0-3 2.2-5 5-5s5 2 5 5z" fill="currentColor" />
      </svg>
    );
  }
  if (type === 'workflow') {
    return (
      <svg
        viewBox="0 0 16 16"
        className="size-4 shrink-0"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
      >
        <rect x={1.5} y={2} width={5} height={4} rx={1} />
        <rect x={9.5} y={10} width={5} height={4} rx={1} />
        <path d="M6.5 4h2a2 2 0 0 1 2 2v4" />
      </svg>
    );
  }
  return (
    <svg
      viewBox="0 0 16 16"
      className="size-4 shrink-0"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
    >
      <path d="M9.5 2.5a3.5 3.5 0 0 0-3.3 4.6L2.5 10.8v2.7h2.7l3.7-3.7a3.5 3.5 0 0 0 4.6-3.3l-2 2-2.5-.5-.5-2.5z" />
    </svg>
  );
}

export const LEVEL_LABELS: Record<CanvasNodeType, string> = {
  moviePrimitive: 'Movie input',
  scenePrimitive: 'Scene input',
  shotPrimitive: 'Shot input',
  characterPrimitive: 'Character input',
  workflow: 'Workflow',
  utility: 'Utility',
};
