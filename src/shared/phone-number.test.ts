import { describe, expect, it } from 'vitest';
import { checkPhone, countryOptions, defaultCountry, formatInternational, loadPhoneMetadata } from './phone-number';

const lib = await loadPhoneMetadata();

describe('the country a number is typed for', () => {
  it("starts from the browser's region: es-MX is Mexico, en-GB the United Kingdom", () => {
    expect(defaultCountry(['es-MX', 'es'], 'es')).toBe('MX');
    expect(defaultCountry(['en-GB'], 'en')).toBe('GB');
    expect(defaultCountry(['es', 'pt-BR'], 'es')).toBe('BR');
  });

  it('falls back to the language when no tag names a region (es Mexico, en the US, fs France)', () => {
    expect(defaultCountry(['es'], 'es')).toBe('MX');
    expect(defaultCountry(['es-419'], 'es')).toBe('MX');
    expect(defaultCountry([], 'en')).toBe('US');
    expect(defaultCountry(['fr'], 'fs')).toBe('FR');
    expect(defaultCountry(['not a tag'], 'en')).toBe('US');
  });
});

describe('checking a number', () => {
  it('reads a Mexican number typed nationally as Mexican, not as Brazil +55', () => {
    expect(checkPhone(lib, '55 1234 5678', 'MX', false)).toEqual({ e164: '+525512345678', international: '+52 55 1234 5678' });
  });

  it('refuses what is too short for the country ("12" is no number)', () => {
    expect(checkPhone(lib, '12', 'MX', true)).toBeNull();
    expect(checkPhone(lib, '+12', 'US', true)).toBeNull();
  });

  it("reads a number typed with '+' in international form whatever the country", () => {
    expect(checkPhone(lib, '+52 55 1234 5678', 'US', false)?.e164).toBe('+525512345678');
    expect(checkPhone(lib, '06 12 34 56 78', 'FR', false)?.international).toBe('+33 6 12 34 56 78');
  });

  it('accepts the fictional test numbers +1 555 555 01xx only where the app runs its own sign-in', () => {
    expect(checkPhone(lib, '+1 555 555 0100', 'MX', true)).toEqual({ e164: '+15555550100', international: '+1 555 555 0100' });
    expect(checkPhone(lib, '555 555 0149', 'US', true)?.e164).toBe('+15555550149');
    expect(checkPhone(lib, '+1 555 555 0100', 'US', false)).toBeNull();
    expect(checkPhone(lib, '+1 555 555 0200', 'US', true)).toBeNull();
  });
});

describe('showing a number in international form', () => {
  it("groups the digits as the number's country writes them", () => {
    expect(formatInternational(lib, '+525512345678')).toBe('+52 55 1234 5678');
    expect(formatInternational(lib, '+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatInternational(lib, '+15555550131')).toBe('+1 555 555 0131');
  });

  it('keeps the text when no country has that calling code', () => {
    expect(formatInternational(lib, '+99912345678')).toBe('+99912345678');
  });
});

describe('the picker', () => {
  it('names every country in the interface language with its calling code, in alphabetical order', () => {
    const es = countryOptions(lib, 'es');
    expect(es.find((o) => o.code === 'MX')?.label).toBe('México (+52)');
    expect(countryOptions(lib, 'fr').find((o) => o.code === 'US')?.label).toBe('États-Unis (+1)');
    const labels = es.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'es')));
    expect(es.length).toBeGreaterThan(200);
  });
});
