/** Addresses remembered at most; the oldest are forgotten first, so a flood cannot grow memory. */
const MAX_KEYS = 10_000;

/**
 * Counts attempts per key (a client address) in a sliding window, in this process's memory: for calls
 * that write nothing to count with, such as verifying a sign-in link. Several servers each count their
 * own share, which still bounds guessing.
 */
export class AttemptWindow {
  readonly #attempts = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Records an attempt by `key`; false when it is over the limit within the window. */
  allow(key: string, now = Date.now()): boolean {
    const recent = (this.#attempts.get(key) ?? []).filter((at) => at > now - this.windowMs);
    recent.push(now);
    this.#attempts.delete(key); // re-inserted last: the map stays ordered oldest first
    this.#attempts.set(key, recent);
    if (this.#attempts.size > MAX_KEYS) this.#attempts.delete(this.#attempts.keys().next().value!);
    return recent.length <= this.limit;
  }
}
