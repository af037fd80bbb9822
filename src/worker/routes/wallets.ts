// BFF /api/wallets: spec section 7, Wallets, served from their declarations
// (src/shared/contract/wallets.ts). Validates, then forwards to the upstream as the verified user
// (with the Idempotency-Key header for transfer and auto-accept).
import * as api from '../../shared/contract/wallets';
import { contractApp } from '../contract-app';
import { forward } from '../forward';
import { assertUser } from '../middleware/assert-user';

const app = contractApp();
app.use(assertUser());

export const wallets = app
  .openapi(api.ledgerStatus, (c) => forward(c, api.ledgerStatus))
  .openapi(api.ledgerSelfTest, (c) => forward(c, api.ledgerSelfTest))
  .openapi(api.listParties, (c) => forward(c, api.listParties))
  .openapi(api.partyAssets, (c) => forward(c, api.partyAssets))
  .openapi(api.partyBalance, (c) => forward(c, api.partyBalance))
  .openapi(api.cantonAssets, (c) => forward(c, api.cantonAssets))
  .openapi(api.cantonPrepare, (c) => forward(c, api.cantonPrepare, { body: c.req.valid('json') }))
  .openapi(api.cantonComplete, (c) => forward(c, api.cantonComplete, { body: c.req.valid('json') }))
  .openapi(api.holdingTransactions, (c) => forward(c, api.holdingTransactions, { body: c.req.valid('json') }))
  .openapi(api.createCantonAccount, (c) => forward(c, api.createCantonAccount))
  .openapi(api.createDigitalAsset, (c) => forward(c, api.createDigitalAsset, { body: c.req.valid('json') }))
  .openapi(api.autoAccept, (c) => forward(c, api.autoAccept, { body: c.req.valid('json') }))
  .openapi(api.transfer, (c) => forward(c, api.transfer, { body: c.req.valid('json') }))
  .openapi(api.createExternalWallet, (c) => forward(c, api.createExternalWallet, { body: c.req.valid('json') }))
  .openapi(api.createInternalWallet, (c) => forward(c, api.createInternalWallet, { body: c.req.valid('json') }))
  .openapi(api.createWallet, (c) => forward(c, api.createWallet, { body: c.req.valid('json') }))
  .openapi(api.deactivateWallet, (c) => forward(c, api.deactivateWallet))
  .openapi(api.walletCategories, (c) => forward(c, api.walletCategories))
  .openapi(api.listWallets, (c) => forward(c, api.listWallets));
