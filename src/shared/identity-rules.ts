// Identity verification, the rules: what a person submits (legal name, date of birth, country of
// residence, an identity document and consent) as plain lists and functions, without zod, so that a
// screen can use them without shipping a validator. The form's flavour (zod/mini, dictionary keys)
// is ./schemas/identity-form.ts, the contract's (full zod) ./schemas/identity.ts; both build on
// these, and ./schemas/identity.test.ts checks that they accept and refuse the same bodies.

/** The age the terms ask for: younger people are refused by validation (400), never "rejected". */
export const MIN_AGE_YEARS = 18;
export const NAME_MAX = 100;
export const DOCUMENT_TYPES = ['passport', 'national_id', 'driver_license'] as const;
export const IDV_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const IDV_REASONS = ['document_unreadable', 'name_mismatch', 'document_expired'] as const;
export type IdvReason = (typeof IDV_REASONS)[number];

/** A document number as typed: letters and digits, spaces and hyphens between them ignored. */
export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{2,38})[A-Za-z0-9]$/;
/** The document number the rules and the hash read: upper case, without spaces or hyphens. */
export const normalDocumentNumber = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The published pattern of a date of birth: every calendar date from 1900-01-01 to 2007-12-31, all of
 * them old enough for good (a later date is accepted too once its person is 18: the rule is the age).
 */
export const ADULT_DATE_PATTERN =
  '^(?:(?:19\\d\\d|200[0-7])-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:19(?:0[48]|[2468][048]|[13579][26])|200[04])-02-29)$';
export type DateProblem = 'format' | 'future' | 'under_age';

/** What is wrong with a date of birth (YYYY-MM-DD) as of `today` (UTC), or null: 18 years old on the birthday itself. */
export function dateOfBirthProblem(value: string, today = new Date()): DateProblem | null {
  if (!DATE_PATTERN.test(value)) return 'format';
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d || y < 1900) return 'format';
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (born.getTime() > todayUtc) return 'future';
  const adultFrom = Date.UTC(y + MIN_AGE_YEARS, m - 1, d);
  // Born on 29 February: an adult from 1 March of the year they turn 18 (Date.UTC rolls it over).
  return adultFrom > todayUtc ? 'under_age' : null;
}
