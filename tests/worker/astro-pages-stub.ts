// Stands in for `@astrojs/cloudflare/handler` (Astro's pages), and for `astro/fetch` with
// `@astrojs/cloudflare/fetch` (the same pages, rendered whole), in the workerd tests, which load the
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

/** `astro/fetch`'s per-request state, as far as the entry uses it. */
export class FetchState {
  streaming = true;
  constructor(readonly request: Request) {}
}

/** Says whether a page reached through `astro/fetch` was to be streamed (`FetchState.streaming`). */
export const ASTRO_STREAMING_HEADER = 'x-test-astro-streaming';

/** `astro/fetch`'s whole pipeline: the same stand-in answer as `handle`, saying how it was to be rendered. */
export function astro(state: FetchState): Promise<Response> {
  const res = handle(state.request);
  res.headers.set(ASTRO_STREAMING_HEADER, String(state.streaming));
  return Promise.resolve(res);
}

/** `@astrojs/cloudflare/fetch`'s set-up (no static asset here) and its finishing of the answer. */
export const cf = (): Promise<Response | undefined> => Promise.resolve(undefined);
export const finalize = (_state: FetchState, response: Response): Response => response;
