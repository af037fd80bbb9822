// Phone numbers as the app shows them: parsed, validated and formatted with libphonenumber's metadata
// (its `min` set), the one formatter of the login's number per country and of the send dialog's
// receiver. The Worker uses it to render the login's picker and check a posted number; in the browser
// it is loaded after the page's first paint so /login's first load stays small (the send button
// awaits it, so the first tap still works). The spec's rule (src/shared/phone.ts) is
// the last check on what is sent.
import type { CountryCode } from 'libphonenumber-js/min';
import type { Lang } from '../i18n';
import { isValidPhone } from '../shared/phone';

export type { CountryCode };
export type PhoneMetadata = typeof import('libphonenumber-js/min');

let metadata: Promise<PhoneMetadata> | undefined;
export const loadPhoneMetadata = (): Promise<PhoneMetadata> => (metadata ??= import('libphonenumber-js/min'));

/**
 * The fictional North American range +1 555 555 0100 to 0199: the fixed-code test numbers. The
 * metadata calls them invalid (there is no 555 area code), so they are accepted only where the app
 * runs its own sign-in service (local and demo builds).
 */
const FICTIONAL = /^\+155555501\d\d$/;

/** The country a language means when the browser names no region. */
const LANGUAGE_COUNTRY: Record<Lang, CountryCode> = { en: 'US', es: 'MX', fs: 'FR' };

/**
 * The country the picker starts on: the region of the browser's first language tag that names one
 * (es-MX -> MX; the tags of navigator.languages are what the browser sends as Accept-Language), else
 * the interface language's country.
 */
export function defaultCountry(languages: readonly string[], lang: Lang): CountryCode {
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).region;
    } catch {
      continue; // not a language tag
    }
    if (region && /^[A-Z]{2}$/.test(region)) return region as CountryCode;
  }
  return LANGUAGE_COUNTRY[lang];
}

export type CheckedPhone = { e164: string; international: string };

/**
 * A number typed for a country (or in international form with '+', whatever the country) when the
 * metadata calls it valid: its E.164 form to send and its international form to show; else null.
 */
export function checkPhone(lib: PhoneMetadata, input: string, country: CountryCode, acceptFictional: boolean): CheckedPhone | null {
  const parsed = lib.parsePhoneNumberFromString(input, country);
  if (!parsed) return null;
  const e164 = parsed.number;
  if (!(parsed.isValid() || (acceptFictional && FICTIONAL.test(e164))) || !isValidPhone(e164)) return null;
  return { e164, international: parsed.formatInternational() };
}

/**
 * A number in international form ('+' and its digits) as people write it, grouped per its country
 * ("+525512345678" -> "+52 55 1234 5678"); the text itself when the metadata knows no such country.
 */
export const formatInternational = (lib: PhoneMetadata, e164: string): string => lib.parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;

/** The picker's entries: every country the metadata knows, named in the interface language. */
export function countryOptions(lib: PhoneMetadata, locale: string): { code: CountryCode; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return lib
    .getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, locale))
    .map(({ code, name }) => ({ code, label: `${name} (+${lib.getCountryCallingCode(code)})` }));
}
