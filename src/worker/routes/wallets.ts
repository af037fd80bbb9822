// BFF /api/wallets: spec section 7, Wallets. Validates, then forwards to the upstream as the
// verified user (with the Idempotency-Key header for transfer and auto-accept).
import { Hono } from 'hono';
import type { completeExternalParty, listParties, prepareExternalParty } from '../../core/ledger/canton';
import type {
  acceptPendingOffers,
  assetsFor,
  holdingTransactions,
  ledgerSelfTest,
  ledgerStatus,
  partyAssets,
  partyBalance,
  transferFromTreasury,
} from '../../core/ledger/ledger';
import type {
  createDigitalAssetAccount,
  createExternalWallet,
  createInternalWallet,
  createSelfCustodyWallet,
  deactivateWallet,
  listWallets,
  walletCategories,
} from '../../core/ledger/wallets';
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
import type { AppEnv } from '../env';
import { forward } from '../forward';
import type { Data } from '../core-data';
import { assertUser } from '../middleware/assert-user';
import { validate } from '../../platform/validate';

const enc = encodeURIComponent;

export const wallets = new Hono<AppEnv>()
  .use(assertUser())
  .get('/canton/status', (c) => forward<Data<typeof ledgerStatus>>(c, { method: 'GET', path: '/wallets/canton/status' }))
  .get('/canton/test', (c) => forward<Data<typeof ledgerSelfTest>>(c, { method: 'GET', path: '/wallets/canton/test' }))
  .get('/canton/parties', (c) => forward<Data<typeof listParties>>(c, { method: 'GET', path: '/wallets/canton/parties' }))
  .get('/canton/parties/:partyId/assets', validate('param', partyIdParam), (c) =>
    forward<Data<typeof partyAssets>>(c, { method: 'GET', path: `/wallets/canton/parties/${enc(c.req.valid('param').partyId)}/assets` }),
  )
  .get('/canton/balance/:partyId', validate('param', partyIdParam), (c) =>
    forward<Data<typeof partyBalance>>(c, { method: 'GET', path: `/wallets/canton/balance/${enc(c.req.valid('param').partyId)}` }),
  )
  .get('/canton/assets', (c) => forward<Data<typeof assetsFor>>(c, { method: 'GET', path: '/wallets/canton/assets' }))
  .post('/canton/prepare', validate('json', cantonPrepareBody), (c) =>
    forward<Data<typeof prepareExternalParty>>(c, { method: 'POST', path: '/wallets/canton/prepare', body: c.req.valid('json') }),
  )
  .post('/canton/complete', validate('json', cantonCompleteBody), (c) =>
    forward<Data<typeof completeExternalParty>>(c, { method: 'POST', path: '/wallets/canton/complete', body: c.req.valid('json') }),
  )
  .post('/canton/holding-transactions', validate('json', holdingTransactionsBody), (c) =>
    forward<Data<typeof holdingTransactions>>(c, { method: 'POST', path: '/wallets/canton/holding-transactions', body: c.req.valid('json') }),
  )
  .post('/canton', (c) => forward<Data<typeof createDigitalAssetAccount>>(c, { method: 'POST', path: '/wallets/canton' }))
  .post('/digital-asset', validate('json', createDigitalAssetBody), (c) =>
    forward<Data<typeof createDigitalAssetAccount>>(c, { method: 'POST', path: '/wallets/digital-asset', body: c.req.valid('json') }),
  )
  .post('/auto-accept', validate('json', autoAcceptBody), (c) =>
    forward<Data<typeof acceptPendingOffers>>(c, { method: 'POST', path: '/wallets/auto-accept', body: c.req.valid('json') }),
  )
  .post('/transfer', validate('json', transferBody), (c) =>
    forward<Data<typeof transferFromTreasury>>(c, { method: 'POST', path: '/wallets/transfer', body: c.req.valid('json') }),
  )
  .post('/external', validate('json', createExternalWalletBody), (c) =>
    forward<Data<typeof createExternalWallet>>(c, { method: 'POST', path: '/wallets/external', body: c.req.valid('json') }),
  )
  .post('/internal', validate('json', createInternalWalletBody), (c) =>
    forward<Data<typeof createInternalWallet>>(c, { method: 'POST', path: '/wallets/internal', body: c.req.valid('json') }),
  )
  .post('/', validate('json', createWalletBody), (c) =>
    forward<Data<typeof createSelfCustodyWallet>>(c, { method: 'POST', path: '/wallets', body: c.req.valid('json') }),
  )
  .patch('/:id/deactivate', validate('param', walletIdParam), (c) =>
    forward<Data<typeof deactivateWallet>>(c, { method: 'PATCH', path: `/wallets/${enc(c.req.valid('param').id)}/deactivate` }),
  )
  .get('/:accountId/categories', validate('param', accountIdParam), (c) =>
    forward<Data<typeof walletCategories>>(c, { method: 'GET', path: `/wallets/${enc(c.req.valid('param').accountId)}/categories` }),
  )
  .get('/:accountId', validate('param', accountIdParam), (c) =>
    forward<Data<typeof listWallets>>(c, { method: 'GET', path: `/wallets/${enc(c.req.valid('param').accountId)}` }),
  );
