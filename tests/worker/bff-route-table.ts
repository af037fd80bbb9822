// The BFF's routes as the Hono app itself registers them (method + path), for the tests that must
// cover every route: object-level access, property-level access and the fuzzer. A route added later
// shows up here by itself, so a test table that lacks it fails.
import { app } from '../../src/worker/index';

export interface Route {
  method: string;
  path: string;
  /** `METHOD /api/path/:param`, the key of the tests' tables. */
  key: string;
  params: string[];
}

/** The published contract itself (open, no data): not an endpoint of the contract it describes. */
export const CONTRACT_DOC_ROUTES = ['GET /api/openapi.json', 'GET /api/reference'];

/** Every endpoint under /api (middleware entries, registered as ALL, are left out). */
export function apiRoutes(): Route[] {
  const seen = new Map<string, Route>();
  for (const r of app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/') || CONTRACT_DOC_ROUTES.includes(`${r.method} ${r.path}`)) continue;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) seen.set(key, { method: r.method, path: r.path, key, params: [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!) });
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
