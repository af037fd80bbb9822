// Accounts (spec sections 1, 3 and 7): the user's profile ("Account" in the spec), their accounts
// and the request bodies of the Accounts calls. Islands reuse these for forms; the BFF and the core
// validate with them.
import { z } from 'zod';

export const LANGUAGES = ['en', 'es', 'fs'] as const;
export const language = z.enum(LANGUAGES);
export type Language = z.infer<typeof language>;

export const ACCOUNT_CATEGORIES = ['personal', 'business', 'trading', 'savings', 'investment'] as const;
export const accountCategory = z.enum(ACCOUNT_CATEGORIES);
export type AccountCategory = z.infer<typeof accountCategory>;

/** JSON object stored with an account (free-form, for the client's own use). */
export const accountMetadata = z.record(z.string().max(100), z.json());

/** An account as the client writes it (the Create-account payload of spec section 3). */
export const accountInput = z.object({
  accountName: z.string().trim().min(1, 'Account name is required').max(100, 'Account name must be 100 characters or less'),
  // An empty description is sent as absent (spec section 5).
  accountDescription: z
    .string()
    .trim()
    .max(500, 'Description must be 500 characters or less')
    .optional()
    .transform((v) => (v ? v : undefined)),
  accountType: z.literal('individual'),
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
export type CreateAccountBody = z.input<typeof createAccountBody>;

/**
 * PUT /accounts/user/accounts/{id}/metadata: any of name, description (empty clears it), category,
 * and `metadata`, merged into the stored object as a JSON merge patch (a null value removes a key).
 */
export const updateAccountMetadataBody = accountInput
  .pick({ accountName: true, accountCategory: true, metadata: true })
  .partial()
  .extend({ accountDescription: z.string().trim().max(500, 'Description must be 500 characters or less').optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });
export type UpdateAccountMetadataBody = z.input<typeof updateAccountMetadataBody>;

/** POST /accounts/user/switch-account */
export const switchAccountBody = z.object({ accountId: z.uuid() });

/** PATCH /accounts/{userId}: the profile fields the user may change (the language of settings). */
export const updateProfileBody = z.strictObject({ language });
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const accountIdParam = z.object({ id: z.uuid() });
export const userIdParam = z.object({ userId: z.uuid() });
