// Remote adapter: forwards to UPSTREAM_API_URL with the verified user and bearer token.
// A timeout, a network failure, a 5xx or a body that is not JSON becomes 502 {message}.
import { buildUrl, upstreamHeaders, UPSTREAM_TIMEOUT_MS, type Upstream } from './port';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export function remoteUpstream(baseUrl: string, timeoutMs = UPSTREAM_TIMEOUT_MS): Upstream {
  return {
    async call(req) {
      const bad = (why: string) => {
        console.error('upstream failure', req.method, req.path, why);
        return { status: 502, body: { message: 'Upstream service unavailable' } };
      };
      try {
        const res = await fetch(buildUrl(baseUrl, req), {
          method: req.method,
          headers: upstreamHeaders(req),
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.status >= 500) return bad(`status ${res.status}`);
        const declared = Number(res.headers.get('content-length') ?? '0');
        if (declared > MAX_BODY_BYTES) return bad('body too large');
        const text = await res.text();
        if (text.length > MAX_BODY_BYTES) return bad('body too large');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : {};
        } catch {
          return bad('malformed JSON');
        }
        if (res.status >= 400 && !(body && typeof body === 'object' && 'message' in body)) {
          body = { message: `HTTP error! status: ${res.status}` };
        }
        return { status: res.status, body };
      } catch (err) {
        return bad(err instanceof Error ? err.name : 'network error');
      }
    },
  };
}
