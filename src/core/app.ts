// The embedded core: the upstream API of spec section 7 on D1. The BFF calls it in-process through
// the embedded adapter, with the verified user in `x-user-id`; it is never mounted publicly.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ensureProvisioned } from './accounts/service';
import type { CoreEnv } from './env';
import { accountsRoutes } from './routes/accounts';
import { featureRequests } from './routes/feature-requests';
import { market } from './routes/market';
import { support } from './routes/support';
import { transactions } from './routes/transactions';
import { wallets } from './routes/wallets';

export const coreApp = new Hono<CoreEnv>();

coreApp.use('*', async (c, next) => {
  const userId = c.req.header('x-user-id');
  if (!userId) return c.json({ message: 'Missing user' }, 401);
  c.set('userId', userId);
  // A user's first authenticated call provisions their profile and a personal account.
  await ensureProvisioned(c.env.DB, userId);
  await next();
});

// Resource routers are mounted here, each a chained Hono sub-app in src/core/routes/<resource>.ts.
// (accounts, wallets, transactions, support, feature-requests, market history)
coreApp.route('/accounts', accountsRoutes);
coreApp.route('/wallets', wallets);
coreApp.route('/transactions', transactions);
coreApp.route('/support', support);
coreApp.route('/feature-requests', featureRequests);
coreApp.route('/market', market);

coreApp.notFound((c) => c.json({ message: 'Not found' }, 404));
coreApp.onError((err, c) => {
  if (err instanceof HTTPException) return c.json({ message: err.message || 'Bad request' }, err.status);
  console.error('core error', err instanceof Error ? err.message : String(err));
  return c.json({ message: 'Internal server error' }, 500);
});
