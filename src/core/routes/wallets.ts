// Core: the upstream's wallet calls (/wallets/...): the contract's declarations
// (src/shared/contract/wallets.ts) implemented, answers typed against them. Every account, wallet
// and party is scoped to the caller (foreign ids answer 404); money movement (transfer,
// auto-accept, send, accept) honours Idempotency-Key.
import { contractHono } from '../../platform/contract-hono';
import * as api from '../../shared/contract/wallets';
import type { CoreEnv } from '../env';
import { idempotent } from '../idempotency';
import { completeExternalParty, listParties, prepareExternalParty, requireParty } from '../ledger/canton';
import { acceptPendingOffers } from '../ledger/auto-accept';
import { assetsFor, holdingTransactions, partyAssets, partyBalance } from '../ledger/balances';
import { transferFromTreasury } from '../ledger/faucet';
import { pendingOffers } from '../ledger/offer-list';
import { acceptOffer, releaseOffer } from '../ledger/offers';
import { getPreapproval, setPreapproval } from '../ledger/preapproval';
import { resolveReceiver } from '../ledger/receivers';
import { sendToParty } from '../ledger/send';
import { ledgerSelfTest, ledgerStatus } from '../ledger/status';
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
    return c.json(
      {
        data: await assetsFor(
          c.env.DB,
          parties.map((p) => p.partyId),
        ),
      },
      200,
    );
  })
  .openapi(api.cantonPrepare, async (c) => c.json({ data: await prepareExternalParty(c.env.DB, c.var.userId, c.req.valid('json').publicKey) }, 200))
  .openapi(api.cantonComplete, async (c) => c.json({ data: await completeExternalParty(c.env.DB, c.var.userId, c.req.valid('json')) }, 200))
  .openapi(api.holdingTransactions, async (c) => {
    const party = await requireParty(c.env.DB, c.var.userId, c.req.valid('json').partyId);
    return c.json({ data: await holdingTransactions(c.env.DB, party.partyId) }, 200);
  })
  .openapi(api.createCantonAccount, async (c) => c.json({ data: await createCantonWalletForActiveAccount(c.env.DB, c.var.userId) }, 200))
  .openapi(api.createDigitalAsset, async (c) => c.json({ data: await createDigitalAssetAccount(c.env.DB, c.var.userId, c.req.valid('json').account_id) }, 200))
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
  // Person-to-person transfers: the caller's account's digital-assets party acts.
  .openapi(api.resolveReceiver, async (c) => {
    const body = c.req.valid('json');
    const { partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, body.account_id);
    return c.json({ data: await resolveReceiver(c.env.DB, partyId, body.receiver) }, 200);
  })
  .openapi(api.sendTransfer, async (c) => {
    const body = c.req.valid('json');
    const { wallet, partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, body.account_id);
    return idempotent(c, 'POST /wallets/canton/send', body, (scope) =>
      sendToParty(c.env.DB, { accountId: body.account_id, walletId: wallet.id, partyId }, body.receiver_party, body.amount, scope),
    );
  })
  .openapi(api.listOffers, async (c) => {
    const { partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, c.req.valid('param').accountId);
    return c.json({ data: await pendingOffers(c.env.DB, partyId, c.req.valid('query')) }, 200);
  })
  .openapi(api.acceptOffer, async (c) => {
    const body = c.req.valid('json');
    const { offerId } = c.req.valid('param');
    const { partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, body.account_id);
    return idempotent(c, 'POST /wallets/canton/offers/{offerId}/accept', { ...body, offerId }, (scope) => acceptOffer(c.env.DB, partyId, offerId, scope));
  })
  .openapi(api.rejectOffer, async (c) => {
    const { partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, c.req.valid('json').account_id);
    return c.json({ data: await releaseOffer(c.env.DB, partyId, c.req.valid('param').offerId, 'rejected') }, 200);
  })
  .openapi(api.withdrawOffer, async (c) => {
    const { partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, c.req.valid('json').account_id);
    return c.json({ data: await releaseOffer(c.env.DB, partyId, c.req.valid('param').offerId, 'withdrawn') }, 200);
  })
  .openapi(api.getPreapproval, async (c) => {
    const { partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, c.req.valid('param').accountId);
    return c.json({ data: await getPreapproval(c.env.DB, partyId) }, 200);
  })
  .openapi(api.setPreapproval, async (c) => {
    const { partyId } = await requireDigitalAssetWallet(c.env.DB, c.var.userId, c.req.valid('param').accountId);
    return c.json({ data: await setPreapproval(c.env.DB, partyId, c.req.valid('json').enabled) }, 200);
  })
  .openapi(api.createExternalWallet, async (c) => c.json({ data: await createExternalWallet(c.env.DB, c.var.userId, c.req.valid('json')) }, 200))
  .openapi(api.createInternalWallet, async (c) => c.json({ data: await createInternalWallet(c.env.DB, c.var.userId, c.req.valid('json')) }, 200))
  .openapi(api.createWallet, async (c) => c.json({ data: await createSelfCustodyWallet(c.env.DB, c.var.userId, c.req.valid('json')) }, 200))
  .openapi(api.deactivateWallet, async (c) => c.json({ data: await deactivateWallet(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200))
  .openapi(api.walletCategories, async (c) => c.json({ data: await walletCategories(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200))
  .openapi(api.listWallets, async (c) => c.json({ data: await listWallets(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200));
