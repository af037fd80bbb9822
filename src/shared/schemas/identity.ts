// Identity verification: what a person submits (legal name, date of birth, country of residence, an
// identity document and consent) and the submission as they read it back. One set of rules, in the
// plain functions and lists below, builds both flavours: zod/mini with dictionary keys for the form
// (shown per field in the user's language) and full zod for the contract and the core (English
// messages, OpenAPI); ./identity.test.ts checks that they accept and refuse the same bodies.
import * as z from 'zod/mini';
import { z as zf } from 'zod';
import type { TranslationKey } from '../../i18n';
import { COUNTRIES } from '../countries';
import { msg } from './messages';
import { miniText, text } from './text';
import { timestamp } from './timestamp';

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
const ADULT_DATE_PATTERN =
  '^(?:(?:19\\d\\d|200[0-7])-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))' +
  '|(?:19(?:0[48]|[2468][048]|[13579][26])|200[04])-02-29)$';
type DateProblem = 'format' | 'future' | 'under_age';

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

// ---------------------------------------------------------------------------------------------
// The form (zod/mini, dictionary keys): the same rules, shown per field in the user's language.

const DATE_KEYS: Record<DateProblem, TranslationKey> = {
  format: 'identity.validation.dateOfBirth',
  future: 'identity.validation.dateOfBirth',
  under_age: 'identity.validation.underAge',
};

const miniName = () =>
  miniText('identity.validation.required').check(z.minLength(1, msg('identity.validation.required')), z.maxLength(NAME_MAX, msg('errors.tooLong')));

export const identityFormSchema = z.object({
  first_name: miniName(),
  last_name: miniName(),
  date_of_birth: z.string(msg('identity.validation.dateOfBirth')).check(
    z.superRefine((value, ctx) => {
      const problem = dateOfBirthProblem(value);
      if (problem) ctx.issues.push({ code: 'custom', message: DATE_KEYS[problem], input: value });
    }),
  ),
  country: z.enum(COUNTRIES, msg('identity.validation.country')),
  document_type: z.enum(DOCUMENT_TYPES, msg('identity.validation.documentType')),
  document_number: z
    .string(msg('identity.validation.documentNumber'))
    .check(z.trim(), z.regex(DOCUMENT_NUMBER_PATTERN, msg('identity.validation.documentNumber'))),
  consent: z.literal(true, msg('identity.validation.consent')),
});

// ---------------------------------------------------------------------------------------------
// The contract and the core (full zod, English messages).

const DATE_TEXTS: Record<DateProblem, string> = {
  format: 'Date of birth must be a real date, YYYY-MM-DD',
  future: 'Date of birth must not be in the future',
  under_age: `You must be ${MIN_AGE_YEARS} or older to verify your identity`,
};

const name = (description: string) => text().min(1, 'Required').max(NAME_MAX).meta({ description });

export const identitySubmissionBody = zf
  .object({
    first_name: name('Legal first name(s), as on the document'),
    last_name: name('Legal last name(s), as on the document'),
    date_of_birth: zf
      .string()
      .superRefine((value, ctx) => {
        const problem = dateOfBirthProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: DATE_TEXTS[problem] });
      })
      .meta({
        pattern: ADULT_DATE_PATTERN,
        description: `YYYY-MM-DD, a real date; ${MIN_AGE_YEARS} or older as of today (UTC), else 400 validation_failed. The pattern lists the dates up to 2007-12-31, old enough for good; a later one passes once its person is ${MIN_AGE_YEARS}.`,
        example: '1990-04-12',
      }),
    country: zf.enum(COUNTRIES).meta({ description: 'Country of residence, ISO 3166-1 alpha-2', example: 'AR' }),
    document_type: zf.enum(DOCUMENT_TYPES),
    document_number: zf
      .string()
      .trim()
      .regex(DOCUMENT_NUMBER_PATTERN, 'Document number must be 4 to 40 letters and digits (spaces and hyphens between them are ignored)')
      .meta({
        description:
          'The document number; only its last 4 characters and a SHA-256 hash are kept. In the embedded core it also decides the outcome (docs/api.md, Identity verification).',
        example: 'AB1234567',
      }),
    consent: zf.literal(true, 'Consent is required').meta({ description: 'The person agrees to the verification of their identity' }),
  })
  .meta({ id: 'IdentitySubmissionBody' });

// ---------------------------------------------------------------------------------------------
// Answers (what the upstream answers in `data`).

export const identityVerification = zf
  .object({
    id: zf.string(),
    status: zf.enum(IDV_STATUSES),
    /** Why it was rejected (null unless rejected). */
    reason: zf.enum(IDV_REASONS).nullable(),
    first_name: zf.string(),
    last_name: zf.string(),
    country: zf.string(),
    document_type: zf.enum(DOCUMENT_TYPES),
    document_last4: zf.string(),
    created_at: timestamp,
    updated_at: timestamp,
    /** When it was approved or rejected (null while pending). */
    decided_at: timestamp.nullable(),
  })
  .meta({ id: 'IdentityVerification' });
