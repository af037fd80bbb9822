// The edit server's policy for the editor's own pages (/keystatic, /api/keystatic, /preview): the
// editor styles itself with inline styles and the preview shows the page in an inline frame, which
// the public site's strict policy (src/middleware.ts) would refuse. Only the edit server has it.
import { defineMiddleware } from 'astro:middleware';

const EDITOR_PATH = /^\/(?:keystatic|api\/keystatic|preview)(?:\/|$)/;

export const EDITOR_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' ws:",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export const onRequest = defineMiddleware(async (context, next) => {
  const res = await next();
  if (!EDITOR_PATH.test(context.url.pathname)) return res;
  const headers = new Headers(res.headers);
  headers.set('Content-Security-Policy', EDITOR_CSP);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
});
