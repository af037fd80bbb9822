// Shared helpers for the workerd integration tests.
import { exports } from 'cloudflare:workers';

/** The Worker under test (src/worker/entry.ts), called in-process. */
export const worker = (exports as unknown as { default: Fetcher }).default;

/** A random client address from the benchmarking range 198.18.0.0/15. */
export const randomIp = () => {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `198.${18 + (a! & 1)}.${b}.${c}`;
};

/**
 * Calls the Worker. Like the Cloudflare edge, every request carries its client's address
 * (CF-Connecting-IP): a random one per call unless the test names one, so that the per-IP limits of
 * the sign-in service only count what a test means them to count.
 */
export const call = (path: string, init?: RequestInit) => {
  const headers = new Headers(init?.headers);
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', randomIp());
  return worker.fetch(`http://app.test${path}`, { ...init, headers });
};
