// Account categories (personal, business, trading, savings, investment), their dictionary keys and
// the field limits, without zod, so the shell can show them without loading the schemas;
// ./schemas/account re-exports them.
import type { TranslationKey } from '../i18n';

export const ACCOUNT_CATEGORIES = ['personal', 'business', 'trading', 'savings', 'investment'] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];

export const accountCategoryKey = (category: AccountCategory): TranslationKey => `accounts.category.${category}`;

export const ACCOUNT_NAME_MAX = 100;
export const ACCOUNT_DESCRIPTION_MAX = 500;
