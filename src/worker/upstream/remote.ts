// Remote adapter: forwards to UPSTREAM_API_URL with the verified user and bearer token, and treats
// the upstream as untrusted in both directions (src/worker/upstream/contract.ts is the contract):
// - A path that is not one of the contract's routes for its method is never called: 400 {message, code},
//   logged (only our own bug or an attack produces one).
// - A success (2xx) must be JSON `{data}` matching the route's schema; what reaches the client is the
//   parsed value, unknown keys stripped. A 204, an empty body or any mismatch is 502 {message, code}.
// - An error (4xx) forwards only a bounded `{message}` (a generic one by status when there is none
//   usable), its `code` if it is one of ours (else the status's) and, on 429, a bounded Retry-After.
// - A timeout (headers or body), a network failure or closed connection, a 5xx or a redirect, a body
//   over 5 MB or a body that is not JSON becomes 502 {message, code}; the body is read as a bounded stream,
//   never buffered whole.
import { errorBody } from '../../platform/errors';
import { isErrorCode } from '../../shared/error-codes';
import { matchUpstreamRoute } from './contract';
import { buildUrl, upstreamHeaders, UPSTREAM_TIMEOUT_MS, type Upstream, type UpstreamResult } from './port';
import { readJsonBody, UpstreamBodyError } from './read-json';

export const MAX_UPSTREAM_BODY_BYTES = 5 * 1024 * 1024;
/** The longest upstream error message forwarded to a client (characters). */
export const MAX_UPSTREAM_MESSAGE = 500;
/** The longest Retry-After (seconds) forwarded from an upstream 429. */
export const MAX_RETRY_AFTER_S = 3600;

const UNAVAILABLE = errorBody(502, 'Upstream service unavailable', 'upstream_unavailable');
const INVALID_PATH = errorBody(400, 'Invalid request path', 'validation_failed');

export function remoteUpstream(baseUrl: string, timeoutMs = UPSTREAM_TIMEOUT_MS): Upstream {
  return {
    async call(req) {
      const match = matchUpstreamRoute(req.method, req.path);
      if (!match.ok) {
        // The path is logged bounded and JSON-quoted (it may hold anything); never the token.
        console.error('upstream path refused', req.method, JSON.stringify(req.path.slice(0, 200)), match.reason);
        return { status: 400, body: INVALID_PATH };
      }
      const route = match.route;
      const bad = (why: string): UpstreamResult => {
        console.error('upstream failure', req.method, route.path, why);
        return { status: 502, body: UNAVAILABLE };
      };
      const url = buildUrl(baseUrl, req);
      // Belt and braces: the URL parser must not have rewritten the path (dot segments, separators).
      if (new URL(url).pathname !== new URL(baseUrl.replace(/\/+$/, '') + '/').pathname.slice(0, -1) + req.path) {
        console.error('upstream path refused', req.method, route.path, 'the URL parser rewrote the path');
        return { status: 400, body: INVALID_PATH };
      }
      const deadline = Date.now() + timeoutMs;
      try {
        const res = await fetch(url, {
          method: req.method,
          headers: upstreamHeaders(req),
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          signal: AbortSignal.timeout(timeoutMs),
          // Never follow: a redirect would carry the user's bearer token to wherever it points.
          redirect: 'manual',
        });
        if (res.status >= 500 || res.status < 200 || (res.status >= 300 && res.status < 400)) {
          await res.body?.cancel().catch(() => {});
          return bad(`status ${res.status}`);
        }
        if (res.status >= 400) return await clientError(res, deadline);
        if (res.status === 204 || res.status === 205 || !res.body) {
          await res.body?.cancel().catch(() => {});
          return bad(`status ${res.status} without a body`);
        }
        const body = await readJsonBody(res, { maxBytes: MAX_UPSTREAM_BODY_BYTES, deadline });
        const checked = route.answer.safeParse(body);
        if (!checked.success) {
          const issue = checked.error.issues[0];
          // The issue's code, place and zod's own message: never the body's values.
          const at = issue ? ['answer', ...issue.path.map(String)].join('.') : 'answer';
          return bad(`answer does not match the contract: ${issue?.code ?? 'invalid'} at ${at}: ${issue?.message ?? ''}`);
        }
        const replayed = res.headers.get('idempotent-replayed') === 'true';
        return { status: res.status, body: checked.data, ...(replayed && { replayed }) };
      } catch (err) {
        return bad(err instanceof UpstreamBodyError ? err.reason : err instanceof Error ? err.name : 'network error');
      }
    },
  };
}

/**
 * An upstream 4xx as the client sees it: only `{message, code}`: the message a non-empty string, cut to
 * MAX_UPSTREAM_MESSAGE, else the spec's generic text for the status; the code the upstream's when it
 * is a known one, else the status's. The upstream decided, so a body that cannot be read still
 * answers its status.
 */
async function clientError(res: Response, deadline: number): Promise<UpstreamResult> {
  let body: unknown;
  try {
    body = await readJsonBody(res, { maxBytes: MAX_UPSTREAM_BODY_BYTES, deadline });
  } catch {
    body = undefined;
  }
  const { message: raw, code } = body && typeof body === 'object' ? (body as { message?: unknown; code?: unknown }) : {};
  const message = typeof raw === 'string' && raw.trim() !== '' ? raw.slice(0, MAX_UPSTREAM_MESSAGE) : `HTTP error! status: ${res.status}`;
  // The upstream's code only if it is one of ours (src/shared/error-codes.ts), else the status's.
  const result: UpstreamResult = { status: res.status, body: errorBody(res.status, message, isErrorCode(code) ? code : undefined) };
  const retryAfter = res.status === 429 ? boundedRetryAfter(res.headers.get('retry-after')) : undefined;
  if (retryAfter !== undefined) result.retryAfter = retryAfter;
  return result;
}

/** Retry-After (delta-seconds or an HTTP date) as whole seconds in 0..MAX_RETRY_AFTER_S, else undefined. */
export function boundedRetryAfter(value: string | null, now = Date.now()): string | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  let seconds: number;
  if (/^\d{1,10}$/.test(text)) seconds = Number(text);
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    seconds = Math.ceil((at - now) / 1000);
  }
  return String(Math.min(MAX_RETRY_AFTER_S, Math.max(0, seconds)));
}
