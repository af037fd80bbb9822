// Accounts: categories, the request bodies and the answers of the Accounts calls (/accounts/...),
// as the contract and the core check them. The rules (categories, ACCOUNT_NAME_MAX,
// ACCOUNT_DESCRIPTION_MAX, the uuid id) live in ../account-categories and ./ids, which the Create
// account form reads too.
import { z } from 'zod';
import { ACCOUNT_CATEGORIES, ACCOUNT_NAME_MAX, ACCOUNT_DESCRIPTION_MAX } from '../account-categories';
import { uuidId } from './ids';
import { text } from './text';
import { updateBody } from './request-parts';
import { boundedJsonObject, type JsonBounds } from './bounded-json';
import { success } from './answer-parts';
import { timestamp } from './timestamp';

export * from '../account-categories';

export const LANGUAGES = ['en', 'es', 'fs'] as const;
export const language = z.enum(LANGUAGES);

export const accountCategory = z.enum(ACCOUNT_CATEGORIES);

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

/** An account as the client writes it (the Create-account payload). */
export const accountInput = z.object({
  accountName: text().min(1, 'Account name is required').max(ACCOUNT_NAME_MAX, `Account name must be ${ACCOUNT_NAME_MAX} characters or less`),
  // An empty description is sent as absent.
  accountDescription: text()
    .max(ACCOUNT_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG)
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
  })
  .meta({ id: 'CreateAccountBody' });

/**
 * PUT /accounts/user/accounts/{id}/metadata: any of name, description (empty clears it), category,
 * and `metadata`, merged into the stored object as a JSON merge patch (a null value removes a key).
 */
export const updateAccountMetadataBody = updateBody({
  ...accountInput.pick({ accountName: true, accountCategory: true, metadata: true }).partial().shape,
  accountDescription: text().max(ACCOUNT_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG).optional(),
}).meta({ id: 'UpdateAccountMetadataBody' });

/** POST /accounts/user/switch-account */
export const switchAccountBody = z.object({ accountId: uuidId }).meta({ id: 'SwitchAccountBody' });

/** PATCH /accounts/{userId}: the profile fields the user may change (the language of settings). */
export const updateProfileBody = z.strictObject({ language }).meta({ id: 'UpdateProfileBody' });

export const accountIdParam = z.object({ id: uuidId });
export const userIdParam = z.object({ userId: uuidId });

// ---------------------------------------------------------------------------------------------
// Answers (what the upstream answers in `data`), written from what the embedded core really answers
// and checked against it by tests/worker/bff/upstream-contract.test.ts. Objects strip unknown keys
// (zod's default): a field the contract does not name never reaches a client.

export const profile = z
  .object({
    id: z.string(),
    name: z.string(),
    language: z.enum(LANGUAGES).nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    address: z.string().nullable(),
    idv: z.object({ id: z.string(), status: z.string(), created_at: timestamp, updated_at: timestamp }).nullable(),
    idv_status: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Profile' });

export const account = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().optional(),
    account_type: z.literal('individual'),
    account_category: z.enum(ACCOUNT_CATEGORIES),
    // Declared to the OpenAPI generator as a plain object: it would otherwise follow z.json()'s
    // recursion forever (a stack overflow that made /api/openapi.json answer 500).
    metadata: z.record(z.string(), z.json()).meta({ type: 'object', description: 'Free-form JSON object' }),
    created_by: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Account' });

/** The user's link to an account (user_accounts) with the account itself. */
export const accountLink = z
  .object({
    id: z.string(),
    account_id: z.string(),
    account_name: z.string(),
    is_primary: z.boolean(),
    is_active: z.boolean(),
    created_at: timestamp,
    account,
  })
  .meta({ id: 'AccountLink' });

export const accountList = success.extend({ accounts: z.array(accountLink) }).meta({ id: 'AccountList' });
export const activeAccount = success.extend({ account: accountLink }).meta({ id: 'ActiveAccount' });
export const accountCreated = success.extend({ accountId: z.string() }).meta({ id: 'AccountCreated' });
export const accountUpdated = success.extend({ account: accountLink }).meta({ id: 'AccountUpdated' });
export const accountDone = success;
