// Accounts: categories and the create/switch request bodies (spec sections 3, 5, 7). One definition:
// the rules (categories, ACCOUNT_NAME_MAX, ACCOUNT_DESCRIPTION_MAX, the uuid id) live in
// ../account-categories and ./ids, and both flavours below are built only from them: the zod/mini
// schemas for islands (small bundles) and the full-zod ones the contract and the core use
// (.pick/.extend/.refine, and @hono/zod-openapi needs full zod to write /api/openapi.json).
// ./schemas-agree.test.ts checks with fast-check that both accept and refuse the same bodies.
import * as z from 'zod/mini';
import { z as zf } from 'zod';
import { ACCOUNT_CATEGORIES, DEFAULT_ACCOUNT_CATEGORY, ACCOUNT_NAME_MAX, ACCOUNT_DESCRIPTION_MAX } from '../account-categories';
import { msg } from './messages';
import { uuidId } from './ids';
import { miniText, text } from './text';
import { boundedJsonObject, type JsonBounds } from './bounded-json';

export * from '../account-categories';

export const accountCategorySchema = z.enum(ACCOUNT_CATEGORIES);

/**
 * POST /accounts/user/create-account. The name is trimmed and must not be empty; an empty description
 * becomes absent; accountType is always 'individual'; the category defaults to personal.
 */
export const createAccountBodySchema = z.object({
  accountName: miniText('errors.accountNameRequired').check(z.minLength(1, msg('errors.accountNameRequired')), z.maxLength(ACCOUNT_NAME_MAX, msg('errors.tooLong'))),
  accountDescription: z.optional(
    z.pipe(
      miniText(undefined).check(z.maxLength(ACCOUNT_DESCRIPTION_MAX, msg('errors.tooLong'))),
      z.transform((value) => value || undefined),
    ),
  ),
  accountType: z._default(z.literal('individual'), 'individual'),
  accountCategory: z._default(accountCategorySchema, DEFAULT_ACCOUNT_CATEGORY),
});
export type CreateAccountInput = z.input<typeof createAccountBodySchema>;
export type CreateAccountBody = z.output<typeof createAccountBodySchema>;

/** POST /accounts/user/switch-account: an account id, exact (no trimming), as the server checks it. */
export const switchAccountBodySchema = z.object({ accountId: z.uuid(msg('errors.invalidValue')) });
export type SwitchAccountBody = z.output<typeof switchAccountBodySchema>;

// ---------------------------------------------------------------------------------------------
// The BFF's and the core's request schemas for the Accounts calls (full zod: .pick/.extend/.refine).

export const LANGUAGES = ['en', 'es', 'fs'] as const;
export const language = zf.enum(LANGUAGES);
export type Language = zf.infer<typeof language>;

export const accountCategory = zf.enum(ACCOUNT_CATEGORIES);

/**
 * Bounds of an account's free-form metadata, for a PUT's patch and for the object stored after the
 * merge alike (src/core/accounts/accounts.ts). Metadata holds a client's own small settings (a colour,
 * an icon, a goal); 16 KB is far above that and keeps an account row, and the account list that
 * carries every row, small (D1 caps a row at 2 MB; before this bound 45 PUTs made a 2.77 MB row).
 * Depth 5 and 50 keys per object leave room for grouped settings while keeping the walk and SQLite's
 * JSON functions cheap.
 */
export const ACCOUNT_METADATA_BOUNDS: JsonBounds = { maxDepth: 5, maxKeys: 50, maxKeyLength: 100, maxBytes: 16 * 1024 };

/** JSON object stored with an account (free-form, for the client's own use), within the bounds. */
export const accountMetadata = boundedJsonObject(ACCOUNT_METADATA_BOUNDS);

const DESCRIPTION_TOO_LONG = `Description must be ${ACCOUNT_DESCRIPTION_MAX} characters or less`;

/** An account as the client writes it (the Create-account payload of spec section 3). */
export const accountInput = zf.object({
  accountName: text()
    .min(1, 'Account name is required')
    .max(ACCOUNT_NAME_MAX, `Account name must be ${ACCOUNT_NAME_MAX} characters or less`),
  // An empty description is sent as absent (spec section 5).
  accountDescription: text()
    .max(ACCOUNT_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG)
    .optional()
    .transform((v) => (v ? v : undefined)),
  accountType: zf.literal('individual'),
  accountCategory: accountCategory,
  metadata: accountMetadata,
});

/** POST /accounts/user/create-account */
export const createAccountBody = accountInput
  .pick({ accountName: true, accountDescription: true })
  .extend({
    accountType: accountInput.shape.accountType.default('individual'),
    accountCategory: accountCategory.default('personal'),
  });
export type CreateAccountRequest = zf.input<typeof createAccountBody>;

/**
 * PUT /accounts/user/accounts/{id}/metadata: any of name, description (empty clears it), category,
 * and `metadata`, merged into the stored object as a JSON merge patch (a null value removes a key).
 */
export const updateAccountMetadataBody = accountInput
  .pick({ accountName: true, accountCategory: true, metadata: true })
  .partial()
  .extend({ accountDescription: text().max(ACCOUNT_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG).optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });
export type UpdateAccountMetadataBody = zf.input<typeof updateAccountMetadataBody>;

/** POST /accounts/user/switch-account */
export const switchAccountBody = zf.object({ accountId: uuidId });

/** PATCH /accounts/{userId}: the profile fields the user may change (the language of settings). */
export const updateProfileBody = zf.strictObject({ language });
export type UpdateProfileBody = zf.infer<typeof updateProfileBody>;

export const accountIdParam = zf.object({ id: uuidId });
export const userIdParam = zf.object({ userId: uuidId });
