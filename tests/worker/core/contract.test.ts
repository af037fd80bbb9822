// The embedded core implements the contract's own declarations (src/shared/contract): each forwarded
// route is served by the core from its route object (OpenAPIHono `.openapi`), so its answer is typed
// against the declared response schema, and a bad input still answers 400 {message}.
import { describe, expect, it } from 'vitest';
import { accountsRoutes } from '../../../src/core/routes/accounts';
import { brokerage } from '../../../src/core/routes/brokerage';
import { featureRequests } from '../../../src/core/routes/feature-requests';
import { support } from '../../../src/core/routes/support';
import { transactions } from '../../../src/core/routes/transactions';
import { market } from '../../../src/core/routes/market';
import { notifications } from '../../../src/core/routes/notifications';
import { onboarding } from '../../../src/core/routes/onboarding';
import { identity } from '../../../src/core/routes/identity';
import { usd } from '../../../src/core/routes/usd';
import { quotes } from '../../../src/core/routes/quotes';
import { wallets } from '../../../src/core/routes/wallets';
import { contractHono } from '../../../src/platform/contract-hono';
import { FORWARDED } from '../../../src/shared/contract';
import { getTicket } from '../../../src/shared/contract/support';
import type { CoreEnv } from '../../../src/core/env';
import { coreJson, createUser } from '../fixtures';

const ROUTERS = {
  '/accounts': accountsRoutes,
  '/wallets': wallets,
  '/transactions': transactions,
  '/support': support,
  '/feature-requests': featureRequests,
  '/market': market,
  '/notifications': notifications,
  '/onboarding': onboarding,
  '/identity-verification': identity,
  '/usd': usd,
  '/quotes': quotes,
  '/brokerage': brokerage,
};

/** `METHOD path` of what a router registered in its OpenAPI registry (empty for a plain Hono app). */
function registered(router: object): string[] {
  const registry = (router as { openAPIRegistry?: { definitions: { type: string; route?: { method: string; path: string } }[] } }).openAPIRegistry;
  return (registry?.definitions ?? []).flatMap((d) => (d.type === 'route' && d.route ? [`${d.route.method} ${d.route.path}`] : []));
}

describe('the core implements the contract', () => {
  it('serves every forwarded declaration from its route object, and nothing undeclared', () => {
    for (const [mount, declared] of Object.entries(FORWARDED)) {
      const router = ROUTERS[mount as keyof typeof ROUTERS];
      expect(router, mount).toBeDefined();
      expect(registered(router).sort(), mount).toEqual(declared.map((r) => `${r.method} ${r.path}`).sort());
    }
  });

  it('answers a bad input 400 {message} naming the field, as before', async () => {
    const { userId } = await createUser();
    const { status, body } = await coreJson(userId, '/support/tickets', { body: { title: 'x'.repeat(300), description: 'Long enough text' } });
    expect(status).toBe(400);
    expect(body).toEqual({ message: expect.stringMatching(/^title: /), code: 'validation_failed' });
  });

  it("types a handler's answer against the declared response schema", () => {
    const app = contractHono<CoreEnv>();
    // @ts-expect-error: a ticket without its declared fields is not the declared answer
    app.openapi(getTicket, (c) => c.json({ data: { id: 'x' } }, 200));
    expect(registered(app)).toEqual(['get /tickets/{id}']);
  });
});
