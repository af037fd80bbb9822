// Text the product itself writes into the data (the sample feature requests of migrations 0019 and 0026, the
// label the core gives a new digital-asset wallet) shown in the user's language. The rows stay as
// seeded (English, the language of the contract); a screen asks here for its translation by the row's
// id or the known label, and anything a user wrote is shown as written.
import { isTranslationKey, type TranslationKey } from '../i18n';

type Translate = (key: TranslationKey) => string;

/** `fr-seed-07` -> 'featureRequests.seed.07'; null for a request a user wrote. */
function seedPrefix(id: string): string | null {
  const n = /^fr-seed-(\d{2})$/.exec(id)?.[1];
  return n ? `featureRequests.seed.${n}` : null;
}

function seeded(t: Translate, id: string, field: 'title' | 'description'): string | null {
  const prefix = seedPrefix(id);
  const key = prefix ? `${prefix}.${field}` : null;
  return key && isTranslationKey(key) ? t(key) : null;
}

/** A feature request's title: the product's sample requests in the user's language, others as written. */
export const featureRequestTitle = (t: Translate, item: { id: string; title: string }): string => seeded(t, item.id, 'title') ?? item.title;

export const featureRequestDescription = (t: Translate, item: { id: string; description: string }): string =>
  seeded(t, item.id, 'description') ?? item.description;

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
