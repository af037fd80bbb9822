// BFF /api/transactions: spec section 7, Transactions (newest first; limit <= 100, offset), served from
// their declarations (src/shared/contract/transactions.ts).
import * as api from '../../shared/contract/transactions';
import { contractApp } from '../contract-app';
import { forward } from '../forward';
import { assertUser } from '../middleware/assert-user';

const pageQuery = (q: { limit: number; offset: number }) => ({ limit: String(q.limit), offset: String(q.offset) });

const app = contractApp();
app.use(assertUser());

export const transactions = app
  .openapi(api.listForAccount, (c) => forward(c, api.listForAccount, { query: pageQuery(c.req.valid('query')) }))
  .openapi(api.listForWallet, (c) => forward(c, api.listForWallet, { query: pageQuery(c.req.valid('query')) }))
  .openapi(api.getTransaction, (c) => forward(c, api.getTransaction));
