// @vitest-environment node
// The abuse limits come from the contract: every write declares its limiter (`limitedBy`), every
// limiter the contract or the sign-in service names has its figures in src/shared/limiters.ts, no
// figure is left unused, and the "Abuse limits" table of docs/security.md says what the contract and that table say.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../limiters';
import { declaredRoutes } from './index';
import { limiterOf } from './common';

const routes = declaredRoutes();
const bindings = Object.entries(LIMITS).map(([name, figures]) => ({ name, ...figures }));
/** The sign-in service's per-IP limiters, as its code names them. */
const signInLimiters = [...readFileSync('src/local-auth/app.ts', 'utf8').matchAll(/overIpLimit\(c, '(RL_\w+)'\)/g)].map((m) => m[1]!);
const contractLimiters = [...new Set(routes.map((r) => limiterOf(r.route)).filter((l) => l !== undefined))];

/** docs/security.md's "Abuse limits" rows: limiter -> the `METHOD /api/...` routes it lists and its figure. */
function readmeLimits(text = readFileSync('docs/security.md', 'utf8')) {
  const rows = new Map<string, { routes: string[]; limit: number }>();
  for (const line of text.split('\n')) {
    const m = /^\| `(RL_\w+)` \| (.*) \| (\d+) \|$/.exec(line);
    if (!m) continue;
    const listed = [...m[2]!.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api[^`]*)`/g)].map((r) => `${r[1]} ${r[2]}`);
    rows.set(m[1]!, { routes: listed.sort(), limit: Number(m[3]) });
  }
  return rows;
}

/** The contract's routes per limiter, in the table's form (`{param}`). */
function contractTable() {
  const table = new Map<string, string[]>();
  for (const r of routes) {
    const limiter = limiterOf(r.route);
    if (!limiter) continue;
    table.set(limiter, [...(table.get(limiter) ?? []), `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`].sort());
  }
  return table;
}

describe('the abuse limits of the contract', () => {
  it('names a limiter on every route that is not a read, and on reads only the heavy ones listed here', () => {
    // Reads are not limited, except those that can read a whole history (the CSV export) and the live
    // channel's connection attempts (each a token check, a party lookup and a Durable Object call).
    const limitedReads = ['GET /api/transactions/account/:id/export', 'GET /api/live'];
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.method !== 'GET' && !limiterOf(r.route)).map((r) => r.key)).toEqual([]);
    expect(routes.filter((r) => r.method === 'GET' && limiterOf(r.route)).map((r) => r.key)).toEqual(limitedReads);
  });

  it('has figures for every limiter it or the sign-in service names, and none unused', () => {
    expect(signInLimiters.length).toBeGreaterThanOrEqual(3);
    const used = [...contractLimiters, ...signInLimiters].sort();
    expect(bindings.map((b) => b.name).sort()).toEqual([...new Set(used)].sort());
  });

  it("matches the Abuse limits table of docs/security.md: each limiter's routes and its figure", () => {
    const readme = readmeLimits();
    const table = contractTable();
    for (const [limiter, listed] of table) expect(readme.get(limiter)?.routes, `docs/security.md row of ${limiter}`).toEqual(listed);
    for (const b of bindings) expect(readme.get(b.name)?.limit, `docs/security.md figure of ${b.name}`).toBe(b.limit);
    // The table's heading says "/ 60 s": every limiter's window is that.
    expect(bindings.filter((b) => b.periodS !== 60).map((b) => b.name)).toEqual([]);
    expect([...readme.keys()].sort()).toEqual(bindings.map((b) => b.name).sort());
  });

  it('fails the table check when a row lists a route the contract does not limit there', () => {
    const text = readFileSync('docs/security.md', 'utf8').replace('`POST /api/support/tickets`', '`POST /api/support/tickets`, `GET /api/support/tickets`');
    expect(readmeLimits(text).get('RL_TICKETS')?.routes).not.toEqual(contractTable().get('RL_TICKETS'));
  });
});
