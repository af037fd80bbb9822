// What /login shows, decided on the Worker (src/worker/login/) and handed to the sign-in island as
// its props: the island renders it into the HTML, so both steps work before any script has run, and
// hydrates over the same markup.
import type { Lang, TranslationKey } from '../i18n';

/** A message is a dictionary key (translated when shown) or the provider's own text. */
export type LoginMessage = { kind: 'error' | 'success'; key?: TranslationKey; text?: string; params?: Record<string, string> };

export interface LoginView {
  lang: Lang;
  step: 'phone' | 'code';
  /** The picker's country (ISO 3166 alpha-2). */
  country: string;
  /**
   * The picker's entries named in `lang` (the list the island builds once its metadata is in), one
   * `CODE label` line each: the island's props carry them, and a plain string is the smallest there.
   */
  countries: string;
  /** The phone step: the number as typed. The code step: the E.164 number the code went to. */
  phone: string;
  /** The `next` the visitor came with, posted back with each form (judged by safeNext on success). */
  next: string;
  message: LoginMessage | null;
  /** Seconds until a new code may be asked for (the code step). */
  resendIn: number;
}

/** The picker's entries of a view. */
export const countryEntries = (countries: string): { code: string; label: string }[] =>
  countries ? countries.split('\n').map((line) => ({ code: line.slice(0, 2), label: line.slice(3) })) : [];
