// Accounts: categories and the create/switch request bodies (spec sections 3, 5, 7). Shared by the
// Create New Account modal and the worker route.
import * as z from 'zod/mini';
import type { TranslationKey } from '../../i18n';
import { msg } from './messages';

export const ACCOUNT_CATEGORIES = ['personal', 'business', 'trading', 'savings', 'investment'] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];
export const DEFAULT_ACCOUNT_CATEGORY: AccountCategory = 'personal';

export const accountCategorySchema = z.enum(ACCOUNT_CATEGORIES);

export const accountCategoryKey = (category: AccountCategory): TranslationKey => `accounts.category.${category}`;

export const ACCOUNT_NAME_MAX = 100;
export const ACCOUNT_DESCRIPTION_MAX = 500;

/**
 * POST /accounts/user/create-account. The name is trimmed and must not be empty; an empty description
 * becomes absent; accountType is always 'individual'; the category defaults to personal.
 */
export const createAccountBodySchema = z.object({
  accountName: z
    .string(msg('errors.accountNameRequired'))
    .check(z.trim(), z.minLength(1, msg('errors.accountNameRequired')), z.maxLength(ACCOUNT_NAME_MAX, msg('errors.tooLong'))),
  accountDescription: z.optional(
    z.pipe(
      z.nullable(z.string().check(z.trim(), z.maxLength(ACCOUNT_DESCRIPTION_MAX, msg('errors.tooLong')))),
      z.transform((value) => value || undefined),
    ),
  ),
  accountType: z._default(z.literal('individual'), 'individual'),
  accountCategory: z._default(accountCategorySchema, DEFAULT_ACCOUNT_CATEGORY),
});
export type CreateAccountInput = z.input<typeof createAccountBodySchema>;
export type CreateAccountBody = z.output<typeof createAccountBodySchema>;

/** POST /accounts/user/switch-account. */
export const switchAccountBodySchema = z.object({
  accountId: z.string(msg('errors.invalidValue')).check(z.trim(), z.minLength(1, msg('errors.invalidValue'))),
});
export type SwitchAccountBody = z.output<typeof switchAccountBodySchema>;
