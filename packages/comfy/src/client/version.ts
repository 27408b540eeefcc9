/** What a worker's ComfyUI version implies for the client. */
export interface ComfyCapabilities {
  /** The version from `/system_stats` (`system.comfyui_version`), null when the server does not say. */
  version: string | null;
  /**
   * `/interrupt {prompt_id}` stops only that prompt (0.8.0). Older servers (0.3.18) stop whatever runs,
   * so the client first checks that the prompt is the running one.
   */
  targetedInterrupt: boolean;
  /** `POST /prompt` keeps a client-chosen `prompt_id` (0.8.0); 0.3.18 makes its own. */
  honoursPromptId: boolean;
  /** `progress_state` WebSocket messages and `/api/jobs` exist (0.8.0). */
  progressState: boolean;
}

/** Compares dotted versions numerically ('0.3.18' < '0.8.0'); missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const parts = (text: string) => text.split(/[.+-]/).map((part) => Number.parseInt(part, 10) || 0);
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The capabilities of a ComfyUI version. Only 0.3.18 and 0.8.0 are recorded; the line is drawn at
 * 0.4.0, and an unknown version is treated as old: the old behaviour is the safe one for a client.
 */
export function capabilitiesOf(version: string | null): ComfyCapabilities {
  const modern = version !== null && compareVersions(version, '0.4.0') >= 0;
  return { version, targetedInterrupt: modern, honoursPromptId: modern, progressState: modern };
}
