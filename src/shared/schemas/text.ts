// Free text in requests (titles, descriptions, names, labels, comments, search queries): which
// characters a text field refuses, declared once, in both flavours (zod/mini for islands, full zod
// for the contract and the core). Refused everywhere: C0 controls, DEL, C1 controls and lone
// surrogates (a NUL cuts SQLite's length() short, so a stored text would fail its table's check; the
// others are invisible or unencodable). A multi-line field keeps tab, LF and CR (and U+2028/2029);
// a single-line one refuses them as well. Trimming (where a field trims) runs first, so a trailing
// newline typed into a title is still dropped, not refused.
import * as z from 'zod/mini';
import { z as zf } from 'zod';
import { msg } from './messages';

// Written for both regex modes: without the u flag (zod) a pair of surrogates is two code units
// matched by the second branch; with it (a JSON Schema `pattern`) an astral character is one code
// point outside the refused class. Either way a lone surrogate matches neither branch.
const PAIR = '[\\ud800-\\udbff][\\udc00-\\udfff]';
const SINGLE_LINE_REFUSED = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\ud800-\\udfff';
const MULTI_LINE_REFUSED = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\ud800-\\udfff';
/** One character of a text (a surrogate pair counts as one), none of `refused`. */
const char = (refused: string) => `(?:[^${refused}]|${PAIR})`;

/** A single line: no control characters, no line or paragraph separators. */
export const SINGLE_LINE_TEXT = new RegExp(`^${char(SINGLE_LINE_REFUSED)}*$`);
/** Multi-line text: tab, LF and CR (and U+2028/2029) allowed, every other control character refused. */
export const MULTI_LINE_TEXT = new RegExp(`^${char(MULTI_LINE_REFUSED)}*$`);

/**
 * The published pattern of a field that trims: the same characters, and none of JavaScript's white
 * space (what trim() drops, `\s`) first or last, so that its minLength and maxLength count what the
 * server counts. The server still takes surrounding white space and drops it.
 */
const trimmedPattern = (refused: string) => `^(?:${char(`\\s${refused}`)}(?:${char(refused)}*${char(`\\s${refused}`)})?)?$`;
const TRIMMED_SINGLE_LINE = trimmedPattern(SINGLE_LINE_REFUSED);
/** One word: a single line without any white space (an address). */
export const ONE_WORD_TEXT = `^${char(`\\s${SINGLE_LINE_REFUSED}`)}*$`;
const TRIMMED_MULTI_LINE = trimmedPattern(MULTI_LINE_REFUSED);

export interface TextOptions {
  /** Keeps tab, LF and CR (descriptions, comments). */
  multiline?: boolean;
  /** Trims white space first (the default); a search query or an id-like value is taken as sent. */
  trim?: boolean;
}

const patternOf = (o: TextOptions) => (o.multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT);

/** The API's English message (the field's name comes first: `title: ...`). */
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

/** Full zod (contract, core): a string, trimmed unless told, refused with a 400 on control characters. */
export function text(o: TextOptions = {}) {
  if (o.trim === false) return zf.string().regex(patternOf(o), CONTROL_CHARACTERS_MESSAGE);
  return zf
    .string()
    .trim()
    .regex(patternOf(o), CONTROL_CHARACTERS_MESSAGE)
    .meta({ pattern: o.multiline ? TRIMMED_MULTI_LINE : TRIMMED_SINGLE_LINE });
}

/** zod/mini (islands): the same rule, with `typeError` as the message for a non-string. */
export function miniText(typeError: Parameters<typeof msg>[0] | undefined, o: TextOptions = {}) {
  const base = typeError ? z.string(msg(typeError)) : z.string();
  const checks = [z.regex(patternOf(o), msg('errors.controlCharacters'))];
  return o.trim === false ? base.check(...checks) : base.check(z.trim(), ...checks);
}
