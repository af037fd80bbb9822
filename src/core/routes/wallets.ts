// Core: spec section 7, Wallets: the contract's declarations (src/shared/contract/wallets.ts)
// implemented, answers typed against them. Every account, wallet and party is scoped to the caller
// (foreign ids answer 404); money movement (transfer, auto-accept) honours Idempotency-Key.
import type { Context } from 'hono';
import { contractHono } from '../../platform/contract-app';
import { Refusal } from '../../platform/errors';
import * as api from '../../shared/contract/wallets';
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

/** TEMPORARY (first commit of issue 17 only): the person-to-person routes before the core implements them. */
const notYet = (c: Context): never => {
  throw new Refusal(501, 'Not implemented yet', 'internal_error');
};

export const wallets = contractHono<CoreEnv>()
  .openapi(api.ledgerStatus, async (c) => {
    const parties = await listParties(c.env.DB, c.var.userId);
    return c.json({ data: await ledgerStatus(c.env.DB, parties.length) }, 200);
  })
  .openapi(api.ledgerSelfTest, async (c) => c.json({ data: await ledgerSelfTest(c.env.DB) }, 200))
  .openapi(api.listParties, async (c) => c.json({ data: await listParties(c.env.DB, c.var.userId) }, 200))
  .openapi(api.partyAssets, async (c) => {
    const party = await requireParty(c.env.DB, c.var.userId, c.req.valid('param').partyId);
    return c.json({ data: await partyAssets(c.env.DB, party.partyId) }, 200);
  })
  .openapi(api.partyBalance, async (c) => {
    const party = await requireParty(c.env.DB, c.var.userId, c.req.valid('param').partyId);
    return c.json({ data: await partyBalance(c.env.DB, party.partyId) }, 200);
  })
  .openapi(api.cantonAssets, async (c) => {
    const parties = await listParties(c.env.DB, c.var.userId);
    return c.json({ data: await assetsFor(c.env.DB, parties.map((p) => p.partyId)) }, 200);
  })
  .openapi(api.cantonPrepare, async (c) =>
    c.json({ data: await prepareExternalParty(c.env.DB, c.var.userId, c.req.valid('json').publicKey) }, 200),
  )
  .openapi(api.cantonComplete, async (c) =>
    c.json({ data: await completeExternalParty(c.env.DB, c.var.userId, c.req.valid('json')) }, 200),
  )
  .openapi(api.holdingTransactions, async (c) => {
    const party = await requireParty(c.env.DB, c.var.userId, c.req.valid('json').partyId);
    return c.json({ data: await holdingTransactions(c.env.DB, party.partyId) }, 200);
  })
  .openapi(api.createCantonAccount, async (c) => c.json({ data: await createCantonWalletForActiveAccount(c.env.DB, c.var.userId) }, 200))
  .openapi(api.createDigitalAsset, async (c) =>
    c.json({ data: await createDigitalAssetAccount(c.env.DB, c.var.userId, c.req.valid('json').account_id) }, 200),
  )
  .openapi(api.autoAccept, async (c) => {
    const body = c.req.valid('json');
    const { partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, body.account_id);
    return idempotent(c, 'POST /wallets/auto-accept', body, (scope) => acceptPendingOffers(c.env.DB, partyId, scope));
  })
  .openapi(api.transfer, async (c) => {
    const body = c.req.valid('json');
    const { wallet, partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, body.account_id);
    return idempotent(c, 'POST /wallets/transfer', body, (scope) =>
      transferFromTreasury(c.env.DB, { accountId: body.account_id, walletId: wallet.id, partyId }, body.amount, scope),
    );
  })
  // Issue 17: declared first so the parallel work can build on the contract; implemented next.
  .openapi(api.resolveReceiver, notYet)
  .openapi(api.sendTransfer, notYet)
  .openapi(api.listOffers, notYet)
  .openapi(api.acceptOffer, notYet)
  .openapi(api.rejectOffer, notYet)
  .openapi(api.withdrawOffer, notYet)
  .openapi(api.getPreapproval, notYet)
  .openapi(api.setPreapproval, notYet)
  .openapi(api.createExternalWallet, async (c) =>
    c.json({ data: await createExternalWallet(c.env.DB, c.var.userId, c.req.valid('json')) }, 200),
  )
  .openapi(api.createInternalWallet, async (c) =>
    c.json({ data: await createInternalWallet(c.env.DB, c.var.userId, c.req.valid('json')) }, 200),
  )
  .openapi(api.createWallet, async (c) =>
    c.json({ data: await createSelfCustodyWallet(c.env.DB, c.var.userId, c.req.valid('json')) }, 200),
  )
  .openapi(api.deactivateWallet, async (c) =>
    c.json({ data: await deactivateWallet(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200),
  )
  .openapi(api.walletCategories, async (c) =>
    c.json({ data: await walletCategories(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200),
  )
  .openapi(api.listWallets, async (c) =>
    c.json({ data: await listWallets(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200),
  );
