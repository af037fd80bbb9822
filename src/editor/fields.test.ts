// The content editor and the build agree on every public content file: the editor has a field of
// the same kind for every field of the schema (src/content/schema.ts) and no other, it accepts and
// refuses the same values at and around every limit, says the schema's own message where the
// schema words one, and reads today's files to the same content as the build.
import { readFileSync } from 'node:fs';
import { createReader } from '@keystatic/core/reader';
import type { ComponentSchema } from '@keystatic/core';
import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import config from '../../keystatic.config';
import { COPYRIGHT_MESSAGE, DESCRIPTION_MESSAGE, landingSchema, legalSchema, siteSchema } from '../content/schema';
import { editorEntries, type EntryKind } from './entries';

const schemas: Record<EntryKind, z.ZodObject> = { site: siteSchema, landing: landingSchema, legal: legalSchema };

type Field = ComponentSchema & {
  kind: string;
  fields?: Record<string, Field>;
  element?: Field;
  validation?: { length?: { min?: number; max?: number } };
  parse?: (value: unknown, extra?: unknown) => unknown;
  validate?: (value: unknown, extra?: unknown) => unknown;
  options?: { value: string }[];
};

const singletonSchema = (key: string) => config.singletons![key]!.schema as unknown as Record<string, Field>;

/** Every leaf of a zod object with its path: [path, zod schema, editor field]. */
function leaves(schema: z.ZodType, field: Field, path: string[]): [string, z.ZodType, Field][] {
  const type = schema.def.type;
  if (type === 'object') {
    const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
    expect(field.kind, path.join('.')).toBe('object');
    expect(Object.keys(field.fields ?? {}).sort(), path.join('.')).toEqual(Object.keys(shape).sort());
    return Object.entries(shape).flatMap(([key, value]) => leaves(value, field.fields![key]!, [...path, key]));
  }
  if (type === 'array') {
    expect(field.kind, path.join('.')).toBe('array');
    return leaves((schema as z.ZodArray).element as z.ZodType, field.element!, [...path, '[]']);
  }
  return [[path.join('.'), schema, field]];
}

/** Values at and around the schema's limits and formats, for a leaf of this type. */
function candidates(schema: z.ZodType, saved: unknown): unknown[] {
  switch (schema.def.type) {
    case 'string': {
      const { minLength, maxLength } = schema as z.ZodString;
      const bounds = [minLength, maxLength].filter((n): n is number => typeof n === 'number').flatMap((n) => [n - 1, n, n + 1]);
      const text = typeof saved === 'string' ? saved : '';
      return [
        text,
        '',
        ' ',
        'a',
        ...bounds.filter((n) => n >= 0).map((n) => 'a'.repeat(n)),
        'x'.repeat(2000),
        `${text} {year}`,
        text.replaceAll('{year}', ''),
        'support@dolar.app',
        'not an e-mail',
        'https://apps.apple.com/app/id1',
        'http://apps.apple.com/app/id1',
        'ftp://example.com',
        '/images/landing/es/a.webp',
        'images/a.webp',
        'smart-savings',
        'Smart Savings',
      ];
    }
    case 'number':
      return [saved, 600, 1, 0, -1];
    case 'enum':
      return [...(schema as z.ZodEnum).options, 'zz'];
    case 'date':
      return ['2025-05-01', '2031-12-31'];
    default:
      throw new Error(`no candidates for ${schema.def.type}`);
  }
}

/** The editor's verdict on a value: undefined when it accepts it, else its message. */
function editorVerdict(field: Field, value: unknown): string | undefined {
  try {
    field.validate!(field.parse!(value, undefined), undefined);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** The value at a path of the saved content (the first item of a list). */
function savedAt(content: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    if (key === '[]') return (value as unknown[])[0];
    return (value as Record<string, unknown> | undefined)?.[key];
  }, content);
}

/** The saved data file of an entry (the legal pages' fields are front matter: read by the reader test). */
const savedContent = (kind: EntryKind, path: string): unknown => (kind === 'legal' ? undefined : JSON.parse(readFileSync(`${path}.json`, 'utf8')));

describe.each(editorEntries)('the editor of $path', (entry) => {
  const schema = schemas[entry.kind];
  const editor = singletonSchema(entry.key);
  // The schema's fields as one object field (a legal page's Markdown text is the file's body, not a schema field).
  const { body: _body, ...schemaFields } = editor;
  const root = { kind: 'object', fields: schemaFields } as Field;

  it('has a field of the same kind for every field of the schema, and no other (the legal pages add their Markdown text)', () => {
    const extra = entry.kind === 'legal' ? ['body'] : [];
    expect(Object.keys(editor).sort()).toEqual([...Object.keys(schema.shape), ...extra].sort());
    if (entry.kind === 'legal') expect(editor.body!.kind).toBe('form');
    const kinds: Record<string, string> = { string: 'form', number: 'form', enum: 'form', date: 'form' };
    for (const [path, leaf, field] of leaves(schema, root, [])) {
      expect(field.kind, path).toBe(kinds[leaf.def.type]);
      if (leaf.def.type === 'enum') expect(field.options?.map((o) => o.value)).toEqual((leaf as z.ZodEnum).options);
    }
  });

  it('holds every list to the length the schema gives it', () => {
    const lists = (zod: z.ZodType, field: Field): [z.ZodArray, Field][] =>
      zod.def.type === 'object'
        ? Object.entries((zod as z.ZodObject).shape).flatMap(([key, value]) => lists(value as z.ZodType, field.fields![key]!))
        : zod.def.type === 'array'
          ? [[zod as z.ZodArray, field], ...lists((zod as z.ZodArray).element as z.ZodType, field.element!)]
          : [];
    for (const [zod, field] of lists(schema, root)) {
      for (const length of [0, 1, 2, 3, 4, 7, 8, 9]) {
        const editorAccepts = length >= (field.validation?.length?.min ?? 0) && length <= (field.validation?.length?.max ?? Infinity);
        // The list's own limits only: an issue of the list itself has an empty path, an item's its index.
        const schemaAccepts = zod.safeParse(Array.from({ length })).error?.issues.every((i) => i.path.length > 0) ?? true;
        expect(editorAccepts, `${length} items`).toBe(schemaAccepts);
      }
    }
  });

  it('accepts and refuses the same values as the schema, with the schema’s message where it words one', async () => {
    const saved = savedContent(entry.kind, entry.path);
    for (const [path, leaf, field] of leaves(schema, root, [])) {
      for (const value of candidates(leaf, savedAt(saved, path))) {
        const build = leaf.safeParse(value);
        const verdict = editorVerdict(field, value);
        expect(verdict === undefined, `${path} = ${JSON.stringify(value)}: editor ${verdict ?? 'accepts'}`).toBe(build.success);
        const message = build.error?.issues[0]?.message;
        if (message && !/^(Too small|Too big|Invalid)/.test(message)) expect(verdict, path).toBe(message);
      }
    }
  });
});

describe('the schema’s own messages', () => {
  it('are what the editor says about a short description and a copyright line without its year', () => {
    const landing = singletonSchema('landing-es');
    const site = singletonSchema('site-es');
    expect(editorVerdict(landing.meta!.fields!.description!, 'Veinte caracteres ya')).toBe(DESCRIPTION_MESSAGE);
    expect(editorVerdict(site.footer!.fields!.copyright!, '© Dólar')).toBe(COPYRIGHT_MESSAGE);
  });
});

describe('the files as they are today', () => {
  const reader = createReader(process.cwd(), config);

  it.each(editorEntries)('$path reads in the editor to the content the build checks', async (entry) => {
    const read = (await reader.singletons[entry.key]!.readOrThrow()) as Record<string, unknown>;
    const { body, ...fields } = read;
    if (entry.kind === 'legal') {
      expect(typeof body).toBe('function');
      const { effective, ...rest } = fields as { effective: string };
      const built = legalSchema.parse({ ...rest, effective });
      expect(built.effective.toISOString().slice(0, 10)).toBe(effective);
      return;
    }
    expect(schemas[entry.kind].parse(fields)).toEqual(savedContent(entry.kind, entry.path));
  });
});
