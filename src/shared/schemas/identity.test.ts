// The identity form and the server apply one set of rules: the form's messages per field in the
// user's language (dictionary keys), the server's in English; both accept and refuse the same bodies;
// 18 years old on the birthday itself, a day short is under age.
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { identitySubmissionBody } from './identity';
import { dateOfBirthProblem, normalDocumentNumber } from '../identity-rules';
import { identityFormSchema } from './identity-form';
import { fieldErrors } from './messages';

const VALID = {
  first_name: 'María',
  last_name: 'Gómez',
  date_of_birth: '1990-04-12',
  country: 'MX',
  document_type: 'passport',
  document_number: 'AB 123-456',
  consent: true,
};

const errorsOf = (lang: 'en' | 'es' | 'fs', body: Record<string, unknown>) => {
  const parsed = identityFormSchema.safeParse(body);
  return parsed.success ? {} : fieldErrors(lang, parsed.error);
};

describe('the identity form schema', () => {
  it('accepts a complete body', () => {
    expect(identityFormSchema.safeParse(VALID).success).toBe(true);
  });

  it('names each wrong field in the user language', () => {
    const empty = { first_name: ' ', last_name: '', date_of_birth: '', country: '', document_type: '', document_number: '', consent: false };
    expect(errorsOf('en', empty)).toEqual({
      first_name: 'This field is required.',
      last_name: 'This field is required.',
      date_of_birth: 'Enter a real date of birth.',
      country: 'Choose your country of residence.',
      document_type: 'Choose a document type.',
      document_number: 'Enter 4 to 40 letters and digits.',
      consent: 'Please agree to continue.',
    });
    expect(errorsOf('es', empty).consent).toBe(t('es', 'identity.validation.consent'));
    expect(errorsOf('fs', empty).first_name).toBe('Ce champ est obligatoire.');
  });

  it('says under age, in words, for someone younger than 18', () => {
    const now = new Date();
    const y = now.getUTCFullYear() - 17;
    const young = `${y}-01-01`;
    expect(errorsOf('es', { ...VALID, date_of_birth: young })).toEqual({ date_of_birth: 'Debes tener 18 años o más.' });
    expect(errorsOf('en', { ...VALID, date_of_birth: '2999-01-01' })).toEqual({ date_of_birth: 'Enter a real date of birth.' });
    expect(errorsOf('en', { ...VALID, date_of_birth: '1990-02-30' })).toEqual({ date_of_birth: 'Enter a real date of birth.' });
  });
});

describe('the age rule', () => {
  const today = new Date('2026-11-27T23:59:00Z');
  it('is 18 on the birthday itself, under age the day before', () => {
    expect(dateOfBirthProblem('2008-11-27', today)).toBeNull();
    expect(dateOfBirthProblem('2008-11-28', today)).toBe('under_age');
  });
  it('counts someone born on 29 February an adult from 1 March', () => {
    expect(dateOfBirthProblem('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe('under_age');
    expect(dateOfBirthProblem('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBeNull();
  });
  it('refuses dates that do not exist, or before 1900, or in the future', () => {
    expect(dateOfBirthProblem('1990-13-01', today)).toBe('format');
    expect(dateOfBirthProblem('1899-12-31', today)).toBe('format');
    expect(dateOfBirthProblem('2026-11-28', today)).toBe('future');
  });
});

describe('the form and the server agree', () => {
  const bodies: Record<string, unknown>[] = [
    VALID,
    { ...VALID, first_name: '' },
    { ...VALID, first_name: 'x'.repeat(101) },
    { ...VALID, first_name: 'Ana\u0000' },
    { ...VALID, date_of_birth: '1990-02-29' },
    { ...VALID, date_of_birth: '1992-02-29' },
    { ...VALID, date_of_birth: `${new Date().getUTCFullYear() - 10}-05-05` },
    { ...VALID, country: 'XX' },
    { ...VALID, country: 'mx' },
    { ...VALID, document_type: 'visa' },
    { ...VALID, document_number: 'AB1' },
    { ...VALID, document_number: '-AB12' },
    { ...VALID, document_number: ' ab12 ' },
    { ...VALID, consent: false },
    { ...VALID, consent: 'yes' },
  ];
  it.each(bodies.map((b) => [JSON.stringify(b), b] as const))('%s', (_name, body) => {
    expect(identityFormSchema.safeParse(body).success).toBe(identitySubmissionBody.safeParse(body).success);
  });

  it('reads the number without spaces or hyphens, in upper case', () => {
    expect(normalDocumentNumber('ab 12-34')).toBe('AB1234');
  });
});
