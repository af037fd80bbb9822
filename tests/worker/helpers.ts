// Shared helpers for the workerd integration tests.
import { exports } from 'cloudflare:workers';

/** The Worker under test (src/worker/entry.ts), called in-process. */
export const worker = (exports as unknown as { default: Fetcher }).default;

export const call = (path: string, init?: RequestInit) => worker.fetch(`http://app.test${path}`, init);
