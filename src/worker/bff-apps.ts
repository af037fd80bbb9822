// The BFF's sub-apps serve the contract's declarations (src/shared/contract) through OpenAPIHono:
// `.openapi(route, handler)` validates params, query and body against the declared schemas and
// registers the route in the OpenAPI document. A failed check is 400 {message, code} naming the field,
// through the platform's contractHook (src/platform/validate.ts), never a raw ZodError.
// Each route also gets the abuse limiter its declaration names (`limitedBy`), so no route table
// beside the contract says which route counts where, and is published with exactly the error
// statuses its declaration implies.
import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { limiterOf } from '../shared/contract/common';
import { errorStatusesOf, published } from '../shared/contract/statuses';
import { contractHono } from '../platform/contract-hono';
import type { AppEnv } from './env';
import { forwardDeclared } from './forward';
import { assertUser } from './middleware/assert-user';
import { declaredErrors } from './middleware/declared-errors';
import { rateLimit } from './middleware/rate-limit';

/**
 * The route as served: published with exactly its error statuses (src/shared/contract/statuses.ts),
 * its declared limiter in front of its validators (so bad requests count too), and under tests the
 * check that every error answer is one it declares.
 */
function asServed<R extends RouteConfig>(route: R): R {
  const limiter = limiterOf(route);
  const own = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
  const checked = declaredErrors(errorStatusesOf(route), `${route.method.toUpperCase()} ${route.path}`) as MiddlewareHandler;
  return { ...published(route), middleware: [checked, ...(limiter ? [rateLimit(limiter) as MiddlewareHandler] : []), ...own] };
}

export function contractApp() {
  const app = contractHono<AppEnv>();
  // OpenAPIHono's `openapi` is an instance property (openapiRoutes calls it too): wrapping it here
  // publishes and checks every served declaration's error statuses and attaches its limiter, the special handlers' (market...) included.
  const serve = app.openapi;
  app.openapi = ((route: RouteConfig, ...rest: unknown[]) => (serve as (...args: unknown[]) => unknown)(asServed(route), ...rest)) as typeof serve;
  return app;
}

/** One handler entry per declaration, for openapiRoutes (which keeps each route's RPC type). */
type Forwarding<Routes extends readonly RouteConfig[]> = { [K in keyof Routes]: { route: Routes[K]; handler: never } };

/**
 * A sub-app that forwards every given declaration to the upstream as the verified user, with the
 * validated params, query and body: adding a forwarded endpoint to the contract needs no BFF code.
 * Typed per route (islands' hc<AppType> sees each declaration's input and answer).
 */
export function forwardingApp<const Routes extends readonly RouteConfig[]>(routes: Routes) {
  const app = contractApp();
  // Defence in depth: refuses to forward without the verified user (src/worker/middleware/assert-user.ts).
  app.use(assertUser());
  const inputs = routes.map((route) => ({ route, handler: (c: Parameters<typeof forwardDeclared>[0]) => forwardDeclared(c, route) }));
  return app.openapiRoutes(inputs as unknown as Forwarding<Routes>);
}
