// The BFF's routes, for the tests that must cover every route (object-level access, property-level
// access, the fuzzer, the remote tier's table): declaredApiRoutes() reads them from the contract
// (src/shared/contract), so a route declared later shows up by itself and a test table that lacks it
// fails; apiRoutes() lists what the Hono app serves (the OpenAPI and route-table checks compare the two).
import { declaredRoutes } from '../../src/shared/contract';
import { app } from '../../src/worker/index';

export interface Route {
  method: string;
  path: string;
  /** `METHOD /api/path/:param`, the key of the tests' tables. */
  key: string;
  params: string[];
}

/** The published contract itself (open, no data): not an endpoint of the contract it describes. */
export const CONTRACT_DOC_ROUTES = ['GET /api/openapi.json', 'GET /api/auth-openapi.json', 'GET /api/reference', 'GET /api/reference/auth'];

const paramsOf = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);

/** Every route the contract declares under /api, as the tests' tables key them. */
export function declaredApiRoutes(): Route[] {
  return declaredRoutes().map(({ method, path, key }) => ({ method, path, key, params: paramsOf(path) }));
}

/** Every endpoint the Hono app serves under /api (middleware entries, registered as ALL, are left out). */
export function apiRoutes(): Route[] {
  const seen = new Map<string, Route>();
  for (const r of app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/') || CONTRACT_DOC_ROUTES.includes(`${r.method} ${r.path}`)) continue;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) seen.set(key, { method: r.method, path: r.path, key, params: paramsOf(r.path) });
  }
  return [...seen.values()];
}

/** The route's path with its params filled in (URI-encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}
