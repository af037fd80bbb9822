// The remote-mode gate test (tests/remote/routes.test.ts) covers every BFF route from a static table,
// since the remote tier runs in node against the built Worker. This checks that table against the
// routes the contract declares, so a route declared later without an entry there fails here, and each
// forwarded route's upstream path against the contract's (its path below /api).
import { describe, expect, it } from 'vitest';
import { FORWARDED } from '../../../src/shared/contract';
import { declaredCases, LOCAL_ROUTES, ROUTES } from '../../remote/routes';
import { apiRoutes, declaredApiRoutes } from '../bff-route-table';

describe('the remote tier route table', () => {
  it('names every route the contract declares (or exempts it with a reason), and no other', () => {
    const declared = declaredApiRoutes()
      .map((r) => r.key)
      .sort();
    expect([...Object.keys(ROUTES), ...Object.keys(LOCAL_ROUTES)].sort()).toEqual(declared);
    expect(() => declaredCases()).not.toThrow();
    for (const why of Object.values(LOCAL_ROUTES)) expect(why.length).toBeGreaterThan(10);
  });

  it('serves exactly the declared routes', () => {
    expect(
      apiRoutes()
        .map((r) => r.key)
        .sort(),
    ).toEqual(
      declaredApiRoutes()
        .map((r) => r.key)
        .sort(),
    );
  });

  it("gives each forwarded route the contract's upstream path (its path below /api), the others none", () => {
    // A forwarded route is one the contract lists under FORWARDED (a mount may hold both kinds: /market).
    const forwarded = new Set(
      Object.entries(FORWARDED).flatMap(([mount, routes]) =>
        (routes as readonly { method: string; path: string }[]).map((rt) =>
          `${rt.method.toUpperCase()} /api${mount}${rt.path === '/' ? '' : rt.path}`.replace(/\{([^}]+)\}/g, ':$1'),
        ),
      ),
    );
    for (const r of declaredApiRoutes()) {
      const c = ROUTES[r.key];
      if (!c) continue;
      const isForwarded = forwarded.has(r.key);
      // The CSV export is served by the BFF but pages the forwarded list route of its account.
      const pagesTheList = r.key === 'GET /api/transactions/account/:id/export';
      expect(c.upstream, r.key).toBe(isForwarded ? r.path.replace(/^\/api/, '') : pagesTheList ? '/transactions/account/:id' : null);
    }
  });

  it("gives each route's upstream path the same params as the route", () => {
    const names = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
    for (const [key, c] of Object.entries(ROUTES)) {
      if (c.upstream === null) continue;
      expect(names(c.upstream), key).toEqual(names(key));
    }
  });
});
