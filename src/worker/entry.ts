// The Worker's one entry (wrangler.toml `main`), in production, under `npm start` and in the workerd
// tests alike (vitest reads `main` from wrangler.toml). It splits requests before any framework runs:
// - a path whose percent-encoding does not decode (`/api/%`, `/%E0%A4%A`) answers 400 here, quietly:
//   it cannot name any route, and Astro's pipeline would log an `Invalid URL encoding` error line for
//   each one, so anyone could flood the logs without signing in;
// - /api and /auth/v1 go straight to the Hono app (src/worker/index.ts) with the Worker's bindings and
//   execution context (waitUntil, used by the market cache): its own security headers, errors, CORS
//   and body limits, without Astro's router, middleware or origin check;
// - GET/HEAD of a signed-in page (src/shared/signed-in-pages.ts; wrangler.toml `run_worker_first`
//   sends them here before the static assets) passes the cookie session guard (page-session.ts): the
//   page with `Cache-Control: private, no-store`, or a redirect to /login. A page rendered on the
//   Worker (`prerender = false`) gets the verified user through its execution context
//   (pages/page-user.ts), reads its data with it and is rendered whole (renderedPage);
// - POST /login (the sign-in forms) goes to their routes (login/routes.ts), which call the sign-in
//   provider from the Worker, set the session cookies and redirect, or render /login again;
// - everything else goes to Astro's pages through the Cloudflare adapter's handler (static assets
//   are served before the Worker runs; this handles the routes rendered on demand).
// Durable Object classes are exported from this module too (wrangler.toml `[[durable_objects.bindings]]`):
// PartyLive, the live channel of one Canton party (src/worker/live/party-live.ts), RateLimiter,
// the counter of one abuse limit and key (src/platform/rate-limiter.ts), and AppClock, whose alarm
// runs the timed work such as the expiry of transfer offers (src/worker/clock/app-clock.ts).
import { handle as astroPages } from '@astrojs/cloudflare/handler';
import { cf, finalize } from '@astrojs/cloudflare/fetch';
import { astro, FetchState } from 'astro/fetch';
import { app } from './index';
import { authServiceFetch } from './auth-service-fetch';
import { login } from './login/routes';
import { guardPage, hasSessionCookie, pageSession, withPageHeaders } from './page-session';
import { FIRST_SIGNED_IN_SCREEN, safeNext } from '../shared/safe-next';
import { isSignedInPagePath, signedInRedirect } from '../shared/signed-in-pages';
import { contextWithUser } from './pages/page-user';
import { contextWithLoginView } from './pages/login-view';
import { API_CSP, COMMON_SECURITY_HEADERS } from './security-policy';
import { errorBody } from '../platform/errors';

export { PartyLive } from './live/party-live';
export { RateLimiter } from '../platform/rate-limiter';
export { AppClock } from './clock/app-clock';

/**
 * The path as Astro would decode it (decodeURI), or null when a lone `%` or a broken UTF-8 sequence
 * makes that throw. (It returns the decoded text rather than a boolean so that the bundler, which
 * takes decodeURI for a pure function, cannot drop an unused call and with it the check.)
 */
export function decodedPath(pathname: string): string | null {
  try {
    return decodeURI(pathname);
  } catch {
    return null;
  }
}

/** Whether the Hono app answers this path: the BFF under /api, the sign-in service under /auth/v1. */
export const isHonoPath = (pathname: string) =>
  pathname === '/api' || pathname.startsWith('/api/') || pathname === '/auth/v1' || pathname.startsWith('/auth/v1/');

/** The 400 for an undecodable path, with the headers the Hono app and src/middleware.ts set. */
export function badEncodingResponse(pathname: string): Response {
  const headers = new Headers({ ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': API_CSP, 'Cache-Control': 'no-store' });
  if (!isHonoPath(pathname)) {
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response('Bad Request', { status: 400, headers });
  }
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return Response.json(errorBody(400, 'Invalid URL encoding in the path', 'validation_failed'), { status: 400, headers });
}

/**
 * Signed-in page paths that have no static asset (the pages rendered per request): a Worker version's
 * assets never change, so once the assets have answered 404 for a path this isolate goes straight to
 * Astro for it, without asking them again (an assets lookup is a Worker invocation of its own, about
 * a tenth of a page's CPU under wrangler dev). Bounded: /accounts/digital-assets/{symbol} has as many
 * paths as there are symbols.
 */
const renderedOnDemand = new Set<string>();
const RENDERED_ON_DEMAND_MAX = 1_000;
function rememberRenderedOnDemand(pathname: string): void {
  if (renderedOnDemand.size >= RENDERED_ON_DEMAND_MAX) renderedOnDemand.clear();
  renderedOnDemand.add(pathname);
}

/**
 * A signed-in page Astro renders for this request, as one string rather than a stream: the same
 * pipeline as the adapter's handler (its Cloudflare set-up: locals.cfContext, waitUntil, error pages;
 * Astro's middleware and routing), but the page is rendered whole before it is answered. Its reads
 * are awaited before the first byte anyway, and Astro's streaming of the rest (a chunk per write,
 * through an async iterator and a ReadableStream) cost about a tenth of the page's CPU.
 */
async function renderedPage(request: Request, env: Cloudflare.Env, ctx: ExecutionContext): Promise<Response> {
  const state = new FetchState(request);
  state.streaming = false;
  return (await cf(state, env, ctx)) ?? finalize(state, await astro(state));
}

/**
 * /login, rendered on the Worker with the page policy and security headers of every page: a visit
 * (GET, HEAD) is Astro's page; the forms (POST) go to their routes, which render that page with the
 * view they decided, or redirect.
 */
async function loginPage(request: Request, env: Cloudflare.Env, ctx: ExecutionContext): Promise<Response> {
  const render = async (page: Response) => {
    const { headers, body } = await withPageHeaders(page, env, true);
    return new Response(request.method === 'HEAD' ? null : body, { status: page.status, headers });
  };
  if (request.method !== 'POST') {
    // A signed-in visitor goes on to where they were going (the safe `next`), with no script needed.
    if (hasSessionCookie(request)) {
      const { user, setCookies } = await pageSession(request, env, authServiceFetch(request, env, ctx));
      if (user) {
        const next = safeNext(new URL(request.url).searchParams.get('next'), FIRST_SIGNED_IN_SCREEN);
        const headers = new Headers({ ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': API_CSP, 'Cache-Control': 'no-store', Location: next });
        for (const c of setCookies) headers.append('Set-Cookie', c);
        return new Response(null, { status: 303, headers });
      }
    }
    return render(await astroPages(request, env, ctx));
  }
  const page = new Request(request.url, { headers: request.headers });
  return login({ render: async (view) => render(await astroPages(page, env, contextWithLoginView(ctx, view))) }).fetch(request, env, ctx);
}

export default {
  fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (decodedPath(pathname) === null) return badEncodingResponse(pathname);
    if (isHonoPath(pathname)) return app.fetch(request, env, ctx);
    // /login's forms: the sign-in on the Worker (a visit to /login is an Astro page like any other).
    if (pathname === '/login') return loginPage(request, env, ctx);
    if (isSignedInPagePath(pathname) && (request.method === 'GET' || request.method === 'HEAD')) {
      return guardPage(request, env, {
        authFetch: authServiceFetch(request, env, ctx),
        // The page's static build (Workers assets), or Astro for what has none: the pages rendered per
        // request with the user's data, and /accounts/digital-assets/{symbol}.
        serve: async (user) => {
          const onward = signedInRedirect(pathname);
          if (onward) return { page: new Response(null, { status: 302, headers: { Location: onward } }), onDemand: true };
          if (!renderedOnDemand.has(pathname)) {
            const asset = await env.ASSETS.fetch(request);
            if (asset.status !== 404) return { page: asset, onDemand: false };
            rememberRenderedOnDemand(pathname);
          }
          // One address per page, as the static assets answer theirs: '/accounts/' -> '/accounts'.
          if (pathname.length > 1 && pathname.endsWith('/')) {
            const url = new URL(request.url);
            return { page: new Response(null, { status: 307, headers: { Location: pathname.replace(/\/+$/, '') + url.search } }), onDemand: true };
          }
          return { page: await renderedPage(request, env, contextWithUser(ctx, user)), onDemand: true };
        },
      });
    }
    return astroPages(request, env, ctx);
  },
} satisfies ExportedHandler<Cloudflare.Env>;
