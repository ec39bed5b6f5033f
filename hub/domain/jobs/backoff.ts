/** The first wait before a retry. */
export const FIRST_RETRY_MS = 2_000;
/** The longest wait between two tries: a printer back on is noticed within a minute. */
export const MAX_RETRY_MS = 60_000;

/**
 * How long a job waits before its next try after `attempts` tries:
 * doubling from 2 s, at most a minute. No jitter: one hub runs its own jobs,
 * nothing herds, and a pure rule replays the same.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** `now` plus `ms`, as ISO 8601. */
export function later(now: string, ms: number): string {
  return new Date(Date.parse(now) + ms).toISOString();
}
