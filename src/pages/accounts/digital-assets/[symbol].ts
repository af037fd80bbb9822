// /accounts/digital-assets/{symbol}: any symbol, known or not, gets the static asset page (built from
// asset.astro), so the island can look it up and show the not-found toast itself. The Worker's
// cookie-session guard (src/worker/page-session.ts) runs first and serves the static assets itself,
// so /accounts/digital-assets and /accounts/digital-assets/asset never reach this endpoint, and the
// guard's headers (`private, no-store`) replace the `no-cache` below.
import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';

export const prerender = false;

export const ASSET_PAGE_PATH = '/accounts/digital-assets/asset';

export const GET: APIRoute = async ({ request }) => {
  const url = new URL(ASSET_PAGE_PATH, request.url);
  // The ASSETS binding in wrangler (npm start, tests, production); plain fetch under `astro dev`.
  const assets = (env as { ASSETS?: Fetcher }).ASSETS;
  const page = assets ? await assets.fetch(url) : await fetch(url);
  if (!page.ok) return new Response('Not found', { status: 404 });
  return new Response(page.body, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  });
};
