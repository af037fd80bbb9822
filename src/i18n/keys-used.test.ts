// Every dictionary key is used by the app (knip sees exports, not dictionary keys): its name is quoted
// somewhere in src/ outside the dictionaries and the tests, or it is one of a family the code names
// with a template (`identity.reason.${reason}`: the prefixes listed below, each checked to really be
// built that way), or a message known by its English text (BY_ENGLISH_TEXT in key-usage.ts). A key
// nothing uses fails.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { BY_ENGLISH_TEXT, generalKey } from './key-usage';

const SRC = dirname(dirname(fileURLToPath(import.meta.url)));
// The dictionaries, and the list of keys known by their English text (which names them to say so).
const NOT_USES = ['i18n/en.ts', 'i18n/es.ts', 'i18n/fs.ts', 'i18n/key-usage.ts'];

/** The text of every source file of src/ but the dictionaries, that list and the tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    if (!/\.(ts|tsx|astro|mjs|json)$/.test(name) || /\.test\.tsx?$/.test(name) || NOT_USES.includes(relative(SRC, path))) return [];
    return [readFileSync(path, 'utf8')];
  });
}
const code = sources(SRC).join('\n');

/** Families of keys the code names with a template literal: `<prefix>${…}`. */
const DYNAMIC_PREFIXES = [
  'accounts.category.',
  'accounts.kyc.hint.',
  'accounts.kyc.status.',
  'asset.chart.period.',
  'broker.question.',
  'asset.timeframe.',
  'snapshot.period.',
  'snapshot.period.long.',
  'common.language.',
  'featureRequests.column.',
  'featureRequests.priority.',
  'featureRequests.seed.',
  'featureRequests.status.',
  'identity.documentType.',
  'identity.reason.',
  'support.ticket.category.',
  'support.ticket.priority.',
  'support.ticket.status.',
  'trade.mode.',
  'trade.status.',
  'trade.tif.',
  'recurring.frequency.',
  'transactions.new.provider.',
  'transactions.status.',
  'usd.activity.status.',
];

const quoted = (key: string) => ['"', "'", '`'].some((q) => code.includes(`${q}${key}${q}`));

describe('dictionary keys', () => {
  it('are each used by the app: quoted, in a listed template family, or known by their English text', () => {
    const unused = Object.keys(en).filter(
      (key) => !quoted(generalKey(key)) && !DYNAMIC_PREFIXES.some((p) => key.startsWith(p)) && !BY_ENGLISH_TEXT.includes(key),
    );
    expect(unused).toEqual([]);
  });

  it('lists only template families the code builds and messages that exist (no stale allowance)', () => {
    for (const prefix of DYNAMIC_PREFIXES) expect(code.includes('`' + prefix + '${'), prefix).toBe(true);
    for (const key of BY_ENGLISH_TEXT) {
      expect(en, key).toHaveProperty([key]);
      expect(quoted(key), `${key} is quoted in the code: take it off the list`).toBe(false);
    }
  });

  it('finds the sources it reads (the check above is not vacuous)', () => {
    expect(code).toContain("'shell.notifications.title'");
    expect(code).not.toContain("'identity.countryPlaceholder': ");
  });
});
