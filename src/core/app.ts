// The embedded core: the upstream API the product calls (accounts, wallets, transactions, support,
// feature requests, market) on D1. The BFF calls it in-process through the embedded adapter, with
// the verified user in `x-user-id`; it is never mounted publicly.
import { MemoRouter } from '../platform/memo-router';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { internalErrorAnswer, knownErrorAnswer, refuseWith } from '../platform/errors';
import { ensureProvisioned } from './accounts/accounts';
import type { CoreEnv } from './env';
import { accountsRoutes } from './routes/accounts';
import { brokerage } from './routes/brokerage';
import { featureRequests } from './routes/feature-requests';
import { identity } from './routes/identity';
import { market } from './routes/market';
import { notifications } from './routes/notifications';
import { onboarding } from './routes/onboarding';
import { quotes } from './routes/quotes';
import { support } from './routes/support';
import { transactions } from './routes/transactions';
import { usd } from './routes/usd';
import { wallets } from './routes/wallets';

// Remembers its matches: src/platform/memo-router.ts.
export const coreApp = new Hono<CoreEnv>({ router: new MemoRouter() });

coreApp.use(
  '*',
  createMiddleware<CoreEnv>(async function provisionedUser(c, next) {
    const userId = c.req.header('x-user-id');
    if (!userId) return refuseWith(c, 401, 'Missing user', 'unauthorized');
    c.set('userId', userId);
    // A user's first authenticated call provisions their profile and a personal account.
    await ensureProvisioned(c.env.DB, userId);
    await next();
  }),
);

// Resource routers are mounted here, each a chained Hono sub-app in src/core/routes/<resource>.ts.
// (accounts, wallets, USD account, brokerage account and market clock, transactions, support, feature-requests, market history,
// notifications, onboarding, identity verification, quotes)
coreApp.route('/accounts', accountsRoutes);
coreApp.route('/wallets', wallets);
coreApp.route('/usd', usd);
coreApp.route('/brokerage', brokerage);
coreApp.route('/transactions', transactions);
coreApp.route('/support', support);
coreApp.route('/feature-requests', featureRequests);
coreApp.route('/market', market);
coreApp.route('/notifications', notifications);
coreApp.route('/onboarding', onboarding);
coreApp.route('/identity-verification', identity);
coreApp.route('/quotes', quotes);

coreApp.notFound((c) => refuseWith(c, 404, 'Not found', 'not_found'));
coreApp.onError((err, c) => {
  // Known refusals answer {message, code} (src/core/db.ts fail); anything else is a logged 500.
  const known = knownErrorAnswer(c, err);
  if (known) return known;
  console.error('core error', err instanceof Error ? err.message : String(err));
  return internalErrorAnswer(c);
});
