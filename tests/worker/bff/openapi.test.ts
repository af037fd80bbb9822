// The published contract: /api/openapi.json describes exactly the /api routes the app serves, as
// OpenAPI 3.1, and /api/reference renders it as plain HTML the /api CSP allows.
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../bff-route-table';
import { call } from '../helpers';

interface Operation {
  responses?: Record<string, unknown>;
  parameters?: { name: string; in: string; required?: boolean }[];
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const LIVE_PATH = '/api/live';

async function document(): Promise<Doc> {
  const res = await call('/api/openapi.json');
  expect(res.status).toBe(200);
  return await res.json<Doc>();
}

describe('GET /api/openapi.json', () => {
  it('answers an OpenAPI 3.1 document without a token', async () => {
    const doc = await document();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  });

  it('describes every served /api route and no route that is not served', async () => {
    const doc = await document();
    const described = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path.replace(/\{([A-Za-z]+)\}/g, ':$1')}`),
    );
    expect(described.sort()).toEqual(
      apiRoutes()
        .map((r) => r.key)
        .sort(),
    );
  });

  it('gives every operation its responses: {data} on 200 (101 for the live WebSocket; 200 and 201 where placing or creating a plan creates) and {message, code} on each 4xx and 5xx it declares', async () => {
    const doc = await document();
    // Placing an order, Sell all and creating a recurring buy answer 201 when they placed or created it
    // now, 200 for the same request again.
    const creates = new Set([
      'post /api/brokerage/accounts/{accountId}/orders',
      'delete /api/brokerage/accounts/{accountId}/positions/{symbol}',
      'post /api/brokerage/accounts/{accountId}/recurring-buys',
    ]);
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const m of METHODS.filter((m) => item[m])) {
        // The one exception: GET /api/live is a WebSocket upgrade, its success is 101 Switching Protocols.
        const success = `${m} ${path}` === `get ${LIVE_PATH}` ? ['101'] : creates.has(`${m} ${path}`) ? ['200', '201'] : ['200'];
        const statuses = Object.keys(item[m]!.responses ?? {}).sort();
        expect(statuses.slice(0, success.length), `${m} ${path}`).toEqual(success);
        expect(statuses.filter((s) => s.startsWith('4')).length, `${m} ${path}`).toBeGreaterThan(0);
        expect(statuses.filter((s) => s.startsWith('5')).length, `${m} ${path}`).toBeGreaterThan(0);
        expect(
          statuses.slice(success.length).every((s) => /^[45]\d\d$/.test(s)),
          `${m} ${path}`,
        ).toBe(true);
      }
    }
  });

  it('marks the routes that move money with x-live-notify (the BFF tells the affected parties)', async () => {
    const doc = (await document()) as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(doc.paths['/api/wallets/transfer']!.post!['x-live-notify']).toBe(true);
    expect(doc.paths['/api/wallets/auto-accept']!.post!['x-live-notify']).toBe(true);
    expect(doc.paths['/api/wallets/canton/parties']!.get!['x-live-notify']).toBeUndefined();
  });

  it('declares each {param} of a path as a required path parameter, and no other', async () => {
    const doc = await document();
    for (const [path, item] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]).sort();
      for (const m of METHODS.filter((m) => item[m])) {
        const declared = (item[m]!.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), `${m} ${path}`).toEqual(inPath);
        expect(
          declared.every((p) => p.required === true),
          `${m} ${path}`,
        ).toBe(true);
      }
    }
  });
});

describe('GET /api/reference', () => {
  it('renders every operation as plain HTML with no script or style, under the /api CSP', async () => {
    const res = await call('/api/reference');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).not.toMatch(/<script|<style|style=/i);
    expect(page).toContain('<code>PUT /api/accounts/user/accounts/{id}/metadata</code>');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});
