// Security headers on the answers Astro renders on demand (endpoints with `prerender = false` other
// than /api and /auth/v1, whose Hono app sets its own): static pages and assets get theirs from
// `_headers` (src/integrations/security-headers.ts), so every response carries the same policy.
// An HTML answer gets the page policy with the script and style hashes of its own CSP <meta>; any
// other answer gets the policy for content that loads nothing.
import { defineMiddleware } from 'astro:middleware';
import { API_CSP, COMMON_SECURITY_HEADERS, metaCspSources, pageCsp } from './worker/security-policy';

export const onRequest = defineMiddleware(async (context, next) => {
  const res = await next();
  if (context.isPrerendered || res.headers.has('content-security-policy')) return res;
  const headers = new Headers(res.headers);
  let body: BodyInit | null = res.body;
  let csp = API_CSP;
  if (headers.get('content-type')?.startsWith('text/html')) {
    const html = await res.text();
    body = html;
    const sources = metaCspSources(html) ?? { scriptSrc: [], styleSrc: [] };
    csp = pageCsp({ supabaseUrl: import.meta.env.PUBLIC_SUPABASE_URL, ...sources });
  }
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value);
  headers.set('Content-Security-Policy', csp);
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
});
