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

/** One studio figure beside its bare baseline measured in the same run. */
export interface Comparison {
  name: string;
  figure: number;
  baseline: number;
  /** What the numbers count, e.g. 'jobs/s' or 'ms'. */
  unit: string;
  /** Throughputs: the ratio is figure / baseline. Times: baseline / figure, so 1 is par either way. */
  higherIsBetter: boolean;
  /** The target for the ratio, printed beside it (e.g. '>= 0.6'). */
  target?: string;
}

/** Prints each figure, its baseline and the ratio (studio as a share of bare: 1.00 = as fast). */
export function printComparisons(title: string, rows: readonly Comparison[]): void {
  // A figure a side never measured (NaN) is printed as missing rather than stopping the table.
  const num = (n: number) =>
    !Number.isFinite(n) ? 'n/a' : n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3);
  const cells = rows.map((r) => {
    const ratio = r.higherIsBetter ? r.figure / r.baseline : r.baseline / r.figure;
    return [
      r.name,
      `${num(r.figure)} ${r.unit}`,
      `${num(r.baseline)} ${r.unit}`,
      ratio.toFixed(2),
      r.target ?? '',
    ];
  });
  const header = ['', 'studio', 'bare baseline', 'ratio', 'target'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  for (const row of cells) console.log(line(row));
}

/**
 * Times `studio` and `baseline` alternately (one round of each in turn, after a warm-up), so a
 * neighbour's load on the shared machine falls on both alike. Medians in milliseconds.
 */
export async function measurePair(
  studio: () => unknown,
  baseline: () => unknown,
  { minMs = 2_000, minRounds = 7, warmup = 2 } = {},
): Promise<{ studioMs: number; baselineMs: number }> {
  for (let i = 0; i < warmup; i += 1) {
    await studio();
    await baseline();
  }
  const a: number[] = [];
  const b: number[] = [];
  const started = performance.now();
  while (a.length < minRounds || performance.now() - started < minMs) {
    for (const [run, times] of [
      [studio, a],
      [baseline, b],
    ] as const) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return { studioMs: median(a), baselineMs: median(b) };
}
