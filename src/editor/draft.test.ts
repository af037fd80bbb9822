// The preview reads an unsaved draft as the build would: the page's content when the schema accepts
// it, the schema's messages (with the field's path) when it does not, and nothing from another file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MESSAGE } from '../content/schema';
import { editorEntries } from './entries';
import { entryFile, readDraft } from './draft';

const entry = (key: string) => editorEntries.find((e) => e.key === key)!;
const saved = (key: string) => readFileSync(entryFile(entry(key)), 'utf8');

describe('readDraft', () => {
  it('reads a landing draft with a new hero title into the content the page renders', () => {
    const json = JSON.parse(saved('landing-es')) as { hero: { title: string } };
    json.hero.title = 'Tu dinero, en dólares';
    const read = readDraft(entry('landing-es'), { 'src/content/landing/es.json': JSON.stringify(json) });
    expect(read.ok && read.draft.kind === 'landing' && read.draft.content.hero.title).toBe('Tu dinero, en dólares');
  });

  it('reads a legal draft into its front matter, with the date as a date, and its Markdown body', () => {
    const text = saved('privacy-es').replace('## 1. Información que recopilamos', '## 1. Lo que recopilamos');
    const read = readDraft(entry('privacy-es'), { 'src/content/legal/es/privacy.md': text });
    if (!read.ok || read.draft.kind !== 'legal') throw new Error(JSON.stringify(read));
    expect(read.draft.content.effective.toISOString().slice(0, 10)).toBe('2025-05-01');
    expect(read.draft.body).toContain('## 1. Lo que recopilamos');
    expect(read.draft.body).not.toContain('effective:');
  });

  it('refuses a description of 20 characters with the schema’s message and the field’s path', () => {
    const text = saved('privacy-es').replace(/^description: .*$/m, 'description: Veinte caracteres aquí');
    expect(readDraft(entry('privacy-es'), { 'src/content/legal/es/privacy.md': text })).toEqual({
      ok: false,
      message: `description: ${DESCRIPTION_MESSAGE}`,
    });
  });

  it('refuses a draft without the entry’s own file, or that is not JSON', () => {
    expect(readDraft(entry('site-es'), { 'src/content/site/en.json': saved('site-en') })).toEqual({
      ok: false,
      message: 'The draft has no src/content/site/es.json',
    });
    expect(readDraft(entry('site-es'), { 'src/content/site/es.json': '{' })).toEqual({ ok: false, message: 'src/content/site/es.json is not valid JSON' });
  });
});
