// Identity verification, the contract's and the core's flavour (full zod, English messages,
// OpenAPI), built from the rules in ../identity-rules.ts; the submission as a person reads it back.
import { z as zf } from 'zod';
import {
  ADULT_DATE_PATTERN,
  DOCUMENT_NUMBER_PATTERN,
  DOCUMENT_TYPES,
  IDV_REASONS,
  IDV_STATUSES,
  MIN_AGE_YEARS,
  NAME_MAX,
  dateOfBirthProblem,
  type DateProblem,
} from '../identity-rules';
import { COUNTRIES } from '../countries';
import { text } from './text';
import { timestamp } from './timestamp';

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
