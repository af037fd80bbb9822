// The remote-mode gate test (tests/remote/routes.test.ts) covers every BFF route from a static table,
// since the remote tier runs in node against the built Worker. This checks that table against the
// routes the Hono app registers, so a route added later without an entry there fails here.
import { describe, expect, it } from 'vitest';
import { LOCAL_ROUTES, ROUTES } from '../../remote/routes';
import { apiRoutes } from '../bff-route-table';

describe('the remote tier route table', () => {
  it('names every BFF route the app registers, and no other', () => {
    const registered = apiRoutes().map((r) => r.key).sort();
    expect([...Object.keys(ROUTES), ...LOCAL_ROUTES].sort()).toEqual(registered);
  });

  it("gives each route's upstream path the same params as the route", () => {
    const names = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]).sort();
    for (const [key, c] of Object.entries(ROUTES)) {
      if (c.upstream === null) continue;
      expect(names(c.upstream), key).toEqual(names(key));
    }
  });
});
