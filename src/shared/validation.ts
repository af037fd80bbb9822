// The forms' validation (spec section 5), all in one import: the login phone and code rules (plain
// functions in ./phone) with their schemas here, and the forms' schemas of ./schemas (the support
// ticket modals', the New Transaction form's) with the messages they are shown with, re-exported.
// Built on zod/mini: same zod 4 engine as `zod`, a fraction of its size in an island bundle.
import * as z from 'zod/mini';
import { normalizePhone, PHONE_PATTERN } from './phone';
import { msg } from './schemas/messages';

export * from './schemas/messages';
export * from './schemas/support-ticket';
export * from './schemas/transaction';
export * from './voting';
export * from './phone';

/** The phone field: whitespace removed, then the international pattern. */
export const phoneSchema = z
  .string(msg('login.error.invalidPhone'))
  .check(z.overwrite(normalizePhone), z.regex(PHONE_PATTERN, msg('login.error.invalidPhone')));

export const codeSchema = z.string(msg('login.error.invalidCodeFormat')).check(
  z.regex(/^\d{6}$/, msg('login.error.invalidCodeFormat')),
);
