// How the code names dictionary keys, read from its source text: a quoted key ('shell.nav.market'),
// a family built with a template (`identity.reason.${reason}`: every key under that prefix), the
// plural forms t() picks by itself (`<key>_one`), and the messages the app is handed as English text.
// One reading for the unused-keys check (keys-used.test.ts) and the build step that gives each page
// the strings its islands can show (src/integrations/page-dictionaries.ts).

/**
 * Messages the app is handed as English text and shows through the dictionary by that text
 * (src/shared/error-text.ts), or the spec's own messages kept verbatim: no code names their key.
 */
export const BY_ENGLISH_TEXT = [
  'errors.http', // the typed client's 'HTTP error! status: {status}' (src/stores/api.ts)
  'errors.noAccessToken', // the typed client's own messages without a token (src/stores/api.ts)
  'errors.noAuthToken',
  'errors.accountNameRequired', // the account schema's message (src/shared/schemas/account.ts)
  'errors.authSessionMissing', // the sign-in provider's messages (the spec's auth provider errors)
  'errors.signUpMissing',
  'toast.invalidFormData', // the spec's toast for invalid form data
];

/** The family of keys a server or library answers in English: src/shared/error-text.ts reads them back by that text. */
export const ENGLISH_ANSWER_PREFIX = 'errors.';

const QUOTED = /(['"`])([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+)\1/g;
const TEMPLATE_PREFIX = /`([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)*\.)\$\{/g;
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** A key without its plural ending (`_one`): the code names the general key and t() picks the form. */
export const generalKey = (key: string): string => key.replace(PLURAL, '');

/** The prefixes of the key families `source` builds with a template literal (`prefix${…}`). */
export const templatePrefixes = (source: string): string[] => [...source.matchAll(TEMPLATE_PREFIX)].map((m) => m[1] ?? '');

/**
 * The keys of `keys` that `source` can show: those it quotes, every key of a family it builds with a
 * template, and the plural forms of both.
 */
export function keysNamedIn(source: string, keys: readonly string[]): Set<string> {
  const quoted = new Set([...source.matchAll(QUOTED)].map((m) => m[2] ?? ''));
  const prefixes = templatePrefixes(source);
  return new Set(keys.filter((key) => quoted.has(generalKey(key)) || prefixes.some((prefix) => key.startsWith(prefix))));
}
