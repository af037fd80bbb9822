// Account categories (personal, business, trading, savings, investment), their dictionary keys and
// the field limits, without zod, so the shell can show them without loading the schemas;
// ./schemas/account re-exports them.
import type { TranslationKey } from '../i18n';

export const ACCOUNT_CATEGORIES = ['personal', 'business', 'trading', 'savings', 'investment'] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];

export const accountCategoryKey = (category: AccountCategory): TranslationKey => `accounts.category.${category}`;

/**
 * The name the core gives the account it opens for a new user. It is stored as this English word (the
 * API's data, the same for every client and for the rows already stored) and is shown in the reader's
 * language by accountName: a name a person typed is theirs and is shown as typed.
 */
export const DEFAULT_ACCOUNT_NAME = 'Personal';

/** An account's name as the screens show it: the default one translated, any other as it is. */
export function accountName(link: { account_name: string; account: { account_category: string } }, t: (key: TranslationKey) => string): string {
  return link.account_name === DEFAULT_ACCOUNT_NAME && link.account.account_category === 'personal' ? t('accounts.defaultName') : link.account_name;
}

export const ACCOUNT_NAME_MAX = 100;
export const ACCOUNT_DESCRIPTION_MAX = 500;
