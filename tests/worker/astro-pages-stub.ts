// Stands in for `@astrojs/cloudflare/handler` (Astro's pages) in the workerd tests, which load the
// production entry (src/worker/entry.ts) but not Astro's build: the real handler imports virtual
// modules (`virtual:astro:manifest`, `virtual:astro-cloudflare:config`) that only Astro's own Vite
// build creates. The browser tier runs the built Worker with the real handler.

/** Marks answers that Astro's pages would have given, so tests can tell who answered. */
export const ASTRO_STUB_HEADER = 'x-test-astro-pages';

export function handle(request: Request): Response {
  return new Response(`Astro pages: ${new URL(request.url).pathname}`, {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8', [ASTRO_STUB_HEADER]: '1' },
  });
}
