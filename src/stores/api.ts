// The islands' one typed client for the BFF: hc<AppType> (response types come from the contract's
// declarations in src/shared/contract through the Hono app's type, never written by hand). Every
// call sends the bearer access token and x-user-id; `unwrap` turns the answer into its `data`, or
// throws the body's message and code, or 'HTTP error! status: {status}' when there is none. It
// lives with the stores because it reads the signed-in session ($auth); the stores and a few
// islands call it.
import { hc, type ClientResponse } from 'hono/client';
import type { AppType } from '../worker/index';
import { accessToken, currentUserId } from './auth';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /**
     * The answer's `code` as sent (src/shared/error-codes.ts). Kept a plain string so the list of codes
     * stays out of every page's JavaScript; error-text reads only the codes it knows.
     */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The spec's "no token" messages differ by call family (account calls; support and wallet calls). */
export type TokenFamily = 'account' | 'other';
export const noTokenMessage = (family: TokenFamily) => (family === 'account' ? 'No access token available' : 'No authentication token available');

declare global {
  interface Window {
    /** GETs the page's HTML started with the stored session (src/layouts/AppLayout.astro). */
    __apiPrefetch?: { token: string; responses: Record<string, Promise<Response> | undefined> };
  }
}

/**
 * The response to this GET that the page already asked for while its JavaScript downloaded (same
 * path and query, same token), handed out once. Only in the first 30 s of the page and before any
 * write, so a later read never gets an answer older than the change it should see.
 */
export function takePrefetched(input: RequestInfo | URL, init: RequestInit | undefined, token: string): Promise<Response> | undefined {
  if (typeof window === 'undefined' || !window.__apiPrefetch) return undefined;
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET' || performance.now() > 30_000) {
    window.__apiPrefetch = undefined;
    return undefined;
  }
  const { token: prefetchedWith, responses } = window.__apiPrefetch;
  if (prefetchedWith !== token) return undefined;
  const url = new URL(input instanceof Request ? input.url : String(input), location.origin);
  const key = url.pathname + url.search;
  const res = responses[key];
  // Handed out once; a read the HTML did not start leaves the record as it was.
  if (res) responses[key] = undefined;
  return res;
}

const authedFetch =
  (family: TokenFamily): typeof fetch =>
  async (input, init) => {
    const token = accessToken();
    const userId = currentUserId();
    if (!token || !userId) throw new ApiError(noTokenMessage(family), 401);
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${token}`);
    headers.set('x-user-id', userId);
    if (init?.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return takePrefetched(input, init, token) ?? fetch(input, { ...init, headers });
  };

const base = () => (typeof location === 'undefined' ? 'http://localhost' : location.origin);

/** Account calls (their missing-token message is 'No access token available'). */
export const accountApi = () => hc<AppType>(base(), { fetch: authedFetch('account') }).api;
/** Support, wallet, transaction, market and feature-request calls. */
export const api = () => hc<AppType>(base(), { fetch: authedFetch('other') }).api;

type DataOf<R> = R extends ClientResponse<infer B, number, string> ? (B extends { data: infer D } ? D : never) : never;

export async function unwrap<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<DataOf<R>> {
  const res = await call;
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const message = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : undefined;
  const code = body && typeof body === 'object' && 'code' in body && typeof body.code === 'string' ? body.code : undefined;
  if (!res.ok) throw new ApiError(message ?? `HTTP error! status: ${res.status}`, res.status, code);
  return (body && typeof body === 'object' && 'data' in body ? body.data : body) as DataOf<R>;
}
