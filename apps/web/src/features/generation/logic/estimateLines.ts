import {
  formatGb,
  WORKER_BACKEND_NAMES,
  type GenerateEstimate,
  type GpuSecondsOfKind,
} from '@cinegraph/contracts';

/** A length of GPU or waiting time as people read it: "45 s", "12 min", "1.5 h". */
export function formatDuration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${Number((seconds / 3600).toFixed(1))} h`;
}

function perKind(kinds: GpuSecondsOfKind[]): string {
  return kinds
    .map(
      (k) =>
        `${formatDuration(k.median_seconds)} on ${WORKER_BACKEND_NAMES[k.worker_kind]} (${k.takes} takes)`,
    )
    .join(', ');
}

/** The generate dialog's cost lines, label and value, in the order it shows them. */
export function estimateLines(estimate: GenerateEstimate): [string, string][] {
  const { jobs, expected_gpu_seconds: expected } = estimate;
  const history = estimate.gpu_seconds_per_job;
  const wait = estimate.expected_wait_seconds;
  return [
    ['Jobs', String(jobs)],
    [
      'Expected GPU time',
      expected === null ? 'no history yet' : `${formatDuration(expected)} (a job takes ${perKind(history)})`,
    ],
    [
      'Expected wait',
      wait === null
        ? 'unknown (no worker connected or no history yet)'
        : wait === 0
          ? `starts at once (${estimate.free_slots} free)`
          : `${formatDuration(wait)} (${estimate.queue_ahead} jobs ahead)`,
    ],
    [
      'GPU time left this month',
      `${formatDuration(estimate.gpu_seconds_left)} of ${estimate.gpu_hours_per_month} h`,
    ],
    [
      'Storage',
      `${formatGb(estimate.storage_bytes_used / 1e9)} of ${formatGb(estimate.storage_bytes_limit / 1e9)} used`,
    ],
  ];
}

/** The question a batch over 10% of the GPU time left asks before it starts. */
export function confirmationMessage(estimate: GenerateEstimate): string {
  return (
    `These ${estimate.jobs} jobs are expected to use ${formatDuration(estimate.expected_gpu_seconds ?? 0)} ` +
    `of GPU time, more than 10% of the ${formatDuration(estimate.gpu_seconds_left)} you have left this month.`
  );
}
