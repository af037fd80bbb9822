// The Hono app behind the Worker: the BFF under /api (and, in the embedded default, the local
// sign-in service under /auth/v1). Islands import only `AppType` and call through hc<AppType>.
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { identityApp } from '../local-auth';
import { requireConfiguration } from '../platform/app-mode';
import { FORWARDED } from '../shared/contract';
import { API_TAGS } from '../shared/contract/tags';
import { internalErrorAnswer, knownErrorAnswer, refuseWith } from '../platform/errors';
import { MemoRouter } from '../platform/memo-router';
import { OPENAPI_INFO, referencePage, type OpenApiDoc } from './api-reference';
import { authOpenApiDocument } from './auth-openapi';
import { forwardingApp } from './bff-apps';
import { withExamples } from './openapi-examples';
import type { AppEnv } from './env';
import { health } from './routes/health';
import { live } from './routes/live';
import { market } from './routes/market';
import { crossOrigin } from './middleware/cross-origin';
import { closeSocketsOnLogout } from './middleware/close-sockets-on-logout';
import { knownRoutes } from './middleware/known-routes';
import { requireUser } from './middleware/require-user';
import { securityHeaders } from './middleware/security-headers';
import { sessions } from './routes/sessions';
import { transactionsExport } from './routes/transactions';

export const MAX_BODY_BYTES = 64 * 1024;

// OpenAPIHono so that the sub-apps' declarations (src/shared/contract) merge into one document.
const api = new OpenAPIHono<AppEnv>().basePath('/api');
// 404 for a path the API does not serve and 405 (with Allow) for a method a path does not serve,
// before any token is asked for.
api.use(knownRoutes(() => api.routes, '/api/'));
api.use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => refuseWith(c, 413, 'Request body too large', 'payload_too_large') }));
// The published contract: open like /api/health, for the mobile app's team and upstream implementers.
api.get('/openapi.json', (c) => c.json(openApiDocument()));
// The sign-in a client does first (Supabase Auth's phone codes), its server this deployment's, and
// the readable pages of both documents (the API's links the sign-in's).
const AUTH_OPENAPI_PATH = '/api/auth-openapi.json';
const AUTH_REFERENCE_PATH = '/api/reference/auth';
const authDocumentFor = (c: Context<AppEnv>) => authOpenApiDocument(c.env.PUBLIC_SUPABASE_URL, new URL(c.req.url).origin) as OpenApiDoc;
api.get('/auth-openapi.json', (c) => c.json(authDocumentFor(c)));
// Both pages depend only on the deployment (its Supabase project and origin): rendered once per
// isolate and kept (a few entries: the origin comes from the request), as the page costs a few ms of CPU.
const referencePages = new Map<string, Promise<string>>();
function cachedReference(c: Context<AppEnv>, render: () => ReturnType<typeof referencePage>) {
  const key = `${c.req.path} ${c.env.PUBLIC_SUPABASE_URL ?? ''} ${new URL(c.req.url).origin}`;
  if (!referencePages.has(key)) {
    if (referencePages.size >= 8) referencePages.clear();
    referencePages.set(key, Promise.resolve(render()).then(String));
  }
  return referencePages.get(key)!;
}
api.get('/reference', async (c) =>
  c.html(
    await cachedReference(c, () =>
      referencePage(openApiDocument() as OpenApiDoc, '/api/openapi.json', { doc: authDocumentFor(c), page: AUTH_REFERENCE_PATH, json: AUTH_OPENAPI_PATH }),
    ),
  ),
);
api.get('/reference/auth', async (c) => c.html(await cachedReference(c, () => referencePage(authDocumentFor(c), AUTH_OPENAPI_PATH))));
api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description: 'The access token of a session (`access_token` of the sign-in answer), a JWT: `Authorization: Bearer <access token>`.',
});
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is used: AppType, the islands' typed client
const routes = api
  .route('/health', health)
  // The live channel's WebSocket: authenticates itself (the token comes as a subprotocol, not a header).
  .route('/live', live)
  // Everything below needs a signed-in user: only /api/health, the contract (above) and /auth/v1 are open.
  .use(requireUser())
  // Each route counts on the limiter its declaration names (attached by contractApp()).
  .route('/market', market)
  // The resources that only forward: served from their declarations, one loop each (forwardingApp).
  .route('/accounts', forwardingApp(FORWARDED['/accounts']))
  .route('/wallets', forwardingApp(FORWARDED['/wallets']))
  .route('/usd', forwardingApp(FORWARDED['/usd']))
  .route('/brokerage', forwardingApp(FORWARDED['/brokerage']))
  .route('/transactions', forwardingApp(FORWARDED['/transactions']))
  .route('/transactions', transactionsExport)
  .route('/support', forwardingApp(FORWARDED['/support']))
  .route('/feature-requests', forwardingApp(FORWARDED['/feature-requests']))
  .route('/notifications', forwardingApp(FORWARDED['/notifications']))
  .route('/onboarding', forwardingApp(FORWARDED['/onboarding']))
  .route('/identity-verification', forwardingApp(FORWARDED['/identity-verification']))
  .route('/quotes', forwardingApp(FORWARDED['/quotes']))
  // Answered by the Worker itself (its D1 and Supabase Auth), not forwarded: src/worker/routes/sessions.ts.
  .route('/sessions', sessions);

export type AppType = typeof routes;

/** The OpenAPI 3.1 document of every route declared above (built once, on first request). */
let document: ReturnType<typeof api.getOpenAPI31Document> | undefined;
export function openApiDocument() {
  document ??= withExamples(
    api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      // Relative: the API is served by the same origin as this document, whichever that is (local, demo, production).
      servers: [{ url: '/', description: 'The origin that serves this document' }],
      tags: [...API_TAGS],
      security: [{ bearer: [] }],
    }),
  );
  return document;
}

// Remembers its matches: src/platform/memo-router.ts.
export const app = new Hono<AppEnv>({ router: new MemoRouter() });
// First, so that every answer below (errors, 401s, 404s, 429s included) carries them.
app.use(securityHeaders());
app.use(crossOrigin());
app.notFound((c) => refuseWith(c, 404, 'Not found', 'not_found'));
app.onError((err, c) => {
  const known = knownErrorAnswer(c, err);
  if (known) return known;
  console.error('unhandled error', err instanceof Error ? err.message : String(err));
  return internalErrorAnswer(c);
});
// A production Worker without its Supabase project or upstream answers 503 rather than serve the
// embedded sign-in or core (src/platform/app-mode.ts); APP_MODE=local or demo allows them.
app.use(requireConfiguration());
// The local sign-in service exists only when no Supabase project is configured.
app.use(
  '/auth/v1/*',
  createMiddleware<AppEnv>(async function localAuthOnly(c, next) {
    if (c.env.PUBLIC_SUPABASE_URL?.trim()) return refuseWith(c, 404, 'Not found', 'not_found');
    await next();
  }),
);
app.use('/auth/v1/*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => refuseWith(c, 413, 'Request body too large', 'payload_too_large') }));
app.post('/auth/v1/logout', closeSocketsOnLogout);
app.route('/auth/v1', identityApp);
app.route('/', api);
