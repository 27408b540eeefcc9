/**
 * A small timing harness for `npm run bench`. The machine is shared and noisy, so every figure is
 * printed beside the others of its table with its ratio to the first row: compare ratios, not times.
 */
export interface Figure {
  name: string;
  /** Milliseconds per operation, the median of the timed rounds. */
  medianMs: number;
  /** Operations per second at the median. */
  perSecond: number;
  rounds: number;
}

/** Times `run` after a warm-up, for at least `minMs` and `minRounds` rounds. */
export async function measure(
  name: string,
  run: () => unknown,
  { minMs = 500, minRounds = 5, warmup = 2 } = {},
): Promise<Figure> {
  for (let i = 0; i < warmup; i += 1) await run();
  const times: number[] = [];
  const started = performance.now();
  while (times.length < minRounds || performance.now() - started < minMs) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const medianMs = times[Math.floor(times.length / 2)]!;
  return { name, medianMs, perSecond: 1000 / medianMs, rounds: times.length };
}

/** Prints figures as one table: name, median, rate (in `unit` per second) and the ratio to the first row. */
export function printTable(title: string, figures: readonly Figure[], unit = 'ops', perOp = 1): void {
  const base = figures[0]?.medianMs ?? 1;
  const rows = figures.map((f) => [
    f.name,
    `${f.medianMs.toFixed(f.medianMs < 10 ? 3 : 1)} ms`,
    `${Math.round(f.perSecond * perOp).toLocaleString('en-US')} ${unit}/s`,
    `x${(f.medianMs / base).toFixed(2)}`,
    `${f.rounds}`,
  ]);
  const header = ['', 'median', 'rate', 'vs first', 'rounds'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}
