// Remote adapter: forwards to UPSTREAM_API_URL with the verified user and bearer token.
// A timeout (headers or body), a network failure or closed connection, a 5xx or a redirect, a body
// over 5 MB or a body that is not JSON becomes 502 {message}; the body is read as a bounded stream,
// never buffered whole.
import { buildUrl, upstreamHeaders, UPSTREAM_TIMEOUT_MS, type Upstream } from './port';
import { readJsonBody, UpstreamBodyError } from './read-json';

export const MAX_UPSTREAM_BODY_BYTES = 5 * 1024 * 1024;

export function remoteUpstream(baseUrl: string, timeoutMs = UPSTREAM_TIMEOUT_MS): Upstream {
  return {
    async call(req) {
      const bad = (why: string) => {
        console.error('upstream failure', req.method, req.path, why);
        return { status: 502, body: { message: 'Upstream service unavailable' } };
      };
      const deadline = Date.now() + timeoutMs;
      try {
        const res = await fetch(buildUrl(baseUrl, req), {
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
        let body = await readJsonBody(res, { maxBytes: MAX_UPSTREAM_BODY_BYTES, deadline });
        if (res.status >= 400 && !(body && typeof body === 'object' && 'message' in body)) {
          body = { message: `HTTP error! status: ${res.status}` };
        }
        const replayed = res.headers.get('idempotent-replayed') === 'true';
        return { status: res.status, body, ...(replayed && { replayed }) };
      } catch (err) {
        return bad(err instanceof UpstreamBodyError ? err.reason : err instanceof Error ? err.name : 'network error');
      }
    },
  };
}
