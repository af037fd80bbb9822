// Validation messages are dictionary keys, not English text: the same schema runs in an island (shown
// with t() in the user's language) and in the worker (answered as English {message}).
import * as z from 'zod/mini';
import { config as configureZod } from 'zod/mini';
import { isTranslationKey, t, type Lang, type TranslationKey } from '../../i18n';

// No compiled parsers: zod's first z.object() otherwise probes `new Function('')`, which the pages'
// CSP (no 'unsafe-eval') refuses and reports as a violation even though zod catches the throw.
// Workers never compile either (zod skips it under workerd), so nothing changes on the server.
// (Not written z.config: the browser's bundle treats calls through `z` as pure: astro.config.mjs.)
configureZod({ jitless: true });

/** `{ error: key }` for a zod check, typed so a misspelt key does not compile. */
export const msg = (key: TranslationKey) => ({ error: key });

/** A zod issue message in `lang`: keys are translated; any other text (a zod default) passes through. */
export function issueText(lang: Lang, message: string): string {
  return isTranslationKey(message) ? t(lang, message) : message;
}

/** The first message of a failed parse, translated (for a toast or a 400 `{message}`). */
export function firstIssue(lang: Lang, error: z.core.$ZodError): string {
  const first = error.issues[0];
  return first ? issueText(lang, first.message) : t(lang, 'errors.invalidValue');
}

/** One translated message per top-level field (the first issue of each), for inline form errors. */
export function fieldErrors(lang: Lang, error: z.core.$ZodError): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issueText(lang, issue.message);
  }
  return errors;
}
