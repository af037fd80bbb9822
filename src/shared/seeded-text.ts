// Text the product itself writes into the data (the label the core gives a new digital-asset wallet,
// the treasury's offers) shown in the user's language; the sample feature requests are
// ./feature-request-labels.ts's. The rows stay as seeded (English, the language of the contract); a
// screen asks here for its translation by the known text, and anything a user wrote is shown as written.
import type { TranslationKey } from '../i18n';

type Translate = (key: TranslationKey) => string;

/** The label the core gives every digital-asset wallet (src/core/ledger/wallets.ts). */
export const DIGITAL_ASSET_WALLET_LABEL = 'Digital Assets';

/** A wallet's label to show: the core's default label translated, a user's own label as written. */
export function walletLabel(t: Translate, wallet: { label?: string | null }): string {
  if (!wallet.label) return t('common.unnamedWallet');
  return wallet.label === DIGITAL_ASSET_WALLET_LABEL ? t('accounts.digitalAssets.title') : wallet.label;
}

/** Descriptions the core writes into a transaction (src/core/ledger/faucet.ts), by their exact text. */
const TRANSACTION_DESCRIPTIONS: Readonly<Record<string, TranslationKey>> = {
  'Transfer offer from the treasury': 'transactions.seed.treasuryOffer',
};

/** A transaction's description: the core's own in the user's language, anything else as written. */
export const transactionDescription = (t: Translate, text: string): string => {
  const key = TRANSACTION_DESCRIPTIONS[text];
  return key ? t(key) : text;
};
