// Exactly-once money movement from the client's side. One user intent (one press of Transfer, one
// Auto-Accept) gets ONE Idempotency-Key and keeps it across its retries, so a try whose answer was
// lost (the upstream committed, the network dropped the reply) is answered by the stored first
// answer instead of moving money again. Only answers that say nothing about the outcome are retried:
// a rejected fetch (network error) and 502/503/504. Every other answer, success or 4xx, is final.
// Pure (no stores, no DOM), so the workerd tests drive it against the real Worker too.

/** A fresh Idempotency-Key: one per user intent, never per try. */
export function idempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Waits before the 2nd and 3rd try: 3 tries in all, about 3 s before the intent gives up. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000];

/** Gateway answers: the BFF or the upstream did not reach a decision we can read, so the try may have committed. */
const RETRYABLE_STATUS = new Set([502, 503, 504]);

/**
 * fetch rejects with a TypeError when the request or its answer is lost. Our own refusals
 * (ApiError, e.g. no token) and an AbortError (a DOMException) are final.
 */
export const isNetworkError = (err: unknown): boolean => err instanceof TypeError;

export interface IntentOptions {
  /** Waits before each retry; its length + 1 is the number of tries. */
  delaysMs?: readonly number[];
  /** Injected by tests; defaults to setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** A fixed key (tests); defaults to a fresh one for this intent. */
  key?: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs one user intent: `send(key)` with the same key until an answer is final or the tries run
 * out (then the last answer or error stands). The caller reads the answer as usual; a replayed
 * success (`idempotent-replayed: true`) is an ordinary success to it.
 */
export async function sendIntent<R extends { status: number }>(send: (key: string) => Promise<R>, options: IntentOptions = {}): Promise<R> {
  const { delaysMs = RETRY_DELAYS_MS, sleep = defaultSleep, key = idempotencyKey() } = options;
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= delaysMs.length;
    try {
      const res = await send(key);
      if (last || !RETRYABLE_STATUS.has(res.status)) return res;
      // The gateway's body is not read; release it so the connection can be reused.
      await (res as { body?: ReadableStream | null }).body?.cancel().catch(() => {});
    } catch (err) {
      if (last || !isNetworkError(err)) throw err;
    }
    await sleep(delaysMs[attempt]!);
  }
}
