// Astro 7's fetch entrypoint (`src/fetch.ts`, see `fetchFile` in the Astro config reference): the
// first code inside Astro that a request rendered on demand meets, before Astro's router. Its one job
// is to turn away a path whose percent-encoding does not decode (`/api/%`, `/%E0%A4%A`): Astro's
// pipeline would log an `Invalid URL encoding` error line for each one, so anyone could flood the
// logs without signing in. Such a path cannot name any route, so it answers 400 here, quietly:
// `{message}` under /api and /auth/v1 (what API clients parse), a plain 400 elsewhere, with the same
// security headers as every other answer. Everything else runs Astro's default pipeline unchanged.
import { DefaultFetchHandler } from 'astro/app/fetch/default-handler';
import { API_CSP, COMMON_SECURITY_HEADERS } from './worker/security-policy';

const astro = new DefaultFetchHandler();

/**
 * The path as Astro decodes it (decodeURI), or null when a lone `%` or a broken UTF-8 sequence makes
 * that throw. (It returns the decoded text rather than a boolean so that the bundler, which takes
 * decodeURI for a pure function, cannot drop an unused call and with it the check.)
 */
export function decodedPath(pathname: string): string | null {
  try {
    return decodeURI(pathname);
  } catch {
    return null;
  }
}

const isApiPath = (pathname: string) => pathname.startsWith('/api/') || pathname.startsWith('/auth/v1/');

/** The 400 for an undecodable path, with the headers the Hono app and src/middleware.ts set. */
export function badEncodingResponse(pathname: string): Response {
  const headers = new Headers({ ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': API_CSP, 'Cache-Control': 'no-store' });
  if (!isApiPath(pathname)) {
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response('Bad Request', { status: 400, headers });
  }
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return Response.json({ message: 'Invalid URL encoding in the path' }, { status: 400, headers });
}

export default {
  fetch(request: Request): Promise<Response> | Response {
    const { pathname } = new URL(request.url);
    if (decodedPath(pathname) === null) return badEncodingResponse(pathname);
    return astro.fetch(request);
  },
};
