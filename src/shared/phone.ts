// The login's phone and code rules as plain functions, without zod, so the login page's first load
// stays small.

/** Optional +, first digit 1-9, 2 to 15 digits in total (E.164-like). */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

/** Whitespace is not part of the number ("+1 555 555 0100"). */
export const normalizePhone = (input: string) => input.replace(/\s+/g, '');

export const isValidPhone = (input: string) => PHONE_PATTERN.test(normalizePhone(input));

export const CODE_LENGTH = 6;

/** Seconds between two codes to one number: the provider's rule, which the countdown shows. */
export const RESEND_SECONDS = 60;

/** What the code field keeps of any input (typing, paste, autofill): digits only, at most 6. */
export const sanitizeCode = (input: string) => input.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** Submit is enabled only with exactly 6 digits. */
export const isCompleteCode = (code: string) => /^\d{6}$/.test(code);
