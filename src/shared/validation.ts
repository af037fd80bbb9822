// Validation rules for forms and request bodies (spec section 5), all in one import: the login phone
// and code rules live here, the per-entity body schemas in ./schemas and are re-exported.
// Built on zod/mini: same zod 4 engine as `zod`, a fraction of its size in an island bundle.
import * as z from 'zod/mini';
import { msg } from './schemas/messages';

export * from './schemas/messages';
export * from './schemas/account';
export * from './schemas/featureRequest';
export * from './schemas/supportTicket';
export * from './schemas/transaction';
export * from './voting';

/** Optional +, first digit 1-9, 2 to 15 digits in total (E.164-like). */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

/** Whitespace is not part of the number ("+1 555 555 0100"). */
export const normalizePhone = (input: string) => input.replace(/\s+/g, '');

/** The phone field: whitespace removed, then the international pattern. */
export const phoneSchema = z
  .string(msg('login.error.invalidPhone'))
  .check(z.overwrite(normalizePhone), z.regex(PHONE_PATTERN, msg('login.error.invalidPhone')));

export const isValidPhone = (input: string) => PHONE_PATTERN.test(normalizePhone(input));

export const CODE_LENGTH = 6;

/** What the code field keeps of any input (typing, paste, autofill): digits only, at most 6. */
export const sanitizeCode = (input: string) => input.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** Submit is enabled only with exactly 6 digits. */
export const isCompleteCode = (code: string) => /^\d{6}$/.test(code);

export const codeSchema = z.string(msg('login.error.invalidCodeFormat')).check(
  z.regex(/^\d{6}$/, msg('login.error.invalidCodeFormat')),
);
