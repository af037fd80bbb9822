// Core: spec section 7, Wallets. Every account, wallet and party is scoped to the caller
// (foreign ids answer 404); money movement (transfer, auto-accept) honours Idempotency-Key.
import { Hono } from 'hono';
import {
  accountIdParam,
  autoAcceptBody,
  cantonCompleteBody,
  cantonPrepareBody,
  createDigitalAssetBody,
  createExternalWalletBody,
  createInternalWalletBody,
  createWalletBody,
  holdingTransactionsBody,
  partyIdParam,
  transferBody,
  walletIdParam,
} from '../../shared/schemas/wallet';
import { validate } from '../../platform/validate';
import type { CoreEnv } from '../env';
import { idempotent } from '../idempotency';
import { completeExternalParty, listParties, prepareExternalParty, requireParty } from '../ledger/canton';
import {
  acceptPendingOffers,
  assetsFor,
  holdingTransactions,
  ledgerSelfTest,
  ledgerStatus,
  partyAssets,
  partyBalance,
  transferFromTreasury,
} from '../ledger/ledger';
import {
  createCantonWalletForActiveAccount,
  createDigitalAssetAccount,
  createExternalWallet,
  createInternalWallet,
  createSelfCustodyWallet,
  deactivateWallet,
  listWallets,
  requireDigitalAssetWallet,
  walletCategories,
} from '../ledger/wallets';

export const wallets = new Hono<CoreEnv>()
  .get('/canton/status', async (c) => {
    const parties = await listParties(c.env.DB, c.var.userId);
    return c.json({ data: await ledgerStatus(c.env.DB, parties.length) }, 200);
  })
  .get('/canton/test', async (c) => c.json({ data: await ledgerSelfTest(c.env.DB) }, 200))
  .get('/canton/parties', async (c) => c.json({ data: await listParties(c.env.DB, c.var.userId) }, 200))
  .get('/canton/parties/:partyId/assets', validate('param', partyIdParam), async (c) => {
    const party = await requireParty(c.env.DB, c.var.userId, c.req.valid('param').partyId);
    return c.json({ data: await partyAssets(c.env.DB, party.partyId) }, 200);
  })
  .get('/canton/balance/:partyId', validate('param', partyIdParam), async (c) => {
    const party = await requireParty(c.env.DB, c.var.userId, c.req.valid('param').partyId);
    return c.json({ data: await partyBalance(c.env.DB, party.partyId) }, 200);
  })
  .get('/canton/assets', async (c) => {
    const parties = await listParties(c.env.DB, c.var.userId);
    return c.json({ data: await assetsFor(c.env.DB, parties.map((p) => p.partyId)) }, 200);
  })
  .post('/canton/prepare', validate('json', cantonPrepareBody), async (c) =>
    c.json({ data: await prepareExternalParty(c.env.DB, c.var.userId, c.req.valid('json').publicKey) }, 200),
  )
  .post('/canton/complete', validate('json', cantonCompleteBody), async (c) =>
    c.json({ data: await completeExternalParty(c.env.DB, c.var.userId, c.req.valid('json')) }, 200),
  )
  .post('/canton/holding-transactions', validate('json', holdingTransactionsBody), async (c) => {
    const party = await requireParty(c.env.DB, c.var.userId, c.req.valid('json').partyId);
    return c.json({ data: await holdingTransactions(c.env.DB, party.partyId) }, 200);
  })
  .post('/canton', async (c) => c.json({ data: await createCantonWalletForActiveAccount(c.env.DB, c.var.userId) }, 200))
  .post('/digital-asset', validate('json', createDigitalAssetBody), async (c) =>
    c.json({ data: await createDigitalAssetAccount(c.env.DB, c.var.userId, c.req.valid('json').account_id) }, 200),
  )
  .post('/auto-accept', validate('json', autoAcceptBody), async (c) => {
    const body = c.req.valid('json');
    const { partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, body.account_id);
    return idempotent(c, 'POST /wallets/auto-accept', body, (scope) => acceptPendingOffers(c.env.DB, partyId, scope));
  })
  .post('/transfer', validate('json', transferBody), async (c) => {
    const body = c.req.valid('json');
    const { wallet, partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, body.account_id);
    return idempotent(c, 'POST /wallets/transfer', body, (scope) =>
      transferFromTreasury(c.env.DB, { accountId: body.account_id, walletId: wallet.id, partyId }, body.amount, scope),
    );
  })
  .post('/external', validate('json', createExternalWalletBody), async (c) =>
    c.json({ data: await createExternalWallet(c.env.DB, c.var.userId, c.req.valid('json')) }, 200),
  )
  .post('/internal', validate('json', createInternalWalletBody), async (c) =>
    c.json({ data: await createInternalWallet(c.env.DB, c.var.userId, c.req.valid('json')) }, 200),
  )
  .post('/', validate('json', createWalletBody), async (c) =>
    c.json({ data: await createSelfCustodyWallet(c.env.DB, c.var.userId, c.req.valid('json')) }, 200),
  )
  .patch('/:id/deactivate', validate('param', walletIdParam), async (c) =>
    c.json({ data: await deactivateWallet(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200),
  )
  .get('/:accountId/categories', validate('param', accountIdParam), async (c) =>
    c.json({ data: await walletCategories(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200),
  )
  .get('/:accountId', validate('param', accountIdParam), async (c) =>
    c.json({ data: await listWallets(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200),
  );
