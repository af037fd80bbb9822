// Identity verification, the form's flavour: zod/mini with dictionary keys, shown per field in the
// user's language; built from the rules in ../identity-rules.ts. The screen loads it when the person
// submits (it carries zod), not with the page.
import * as z from 'zod/mini';
import type { TranslationKey } from '../../i18n';
import { COUNTRIES } from '../countries';
import { DOCUMENT_NUMBER_PATTERN, DOCUMENT_TYPES, NAME_MAX, dateOfBirthProblem, type DateProblem } from '../identity-rules';
import { msg } from './messages';
import { miniText } from './text';

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
