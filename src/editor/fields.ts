// The content editor's fields (Keystatic), built from the content schema (src/content/schema.ts) so
// the two cannot drift: each object, text, list, choice, number and date of the schema becomes the
// matching editor field with the schema's limits. A limit the schema words itself (a custom message)
// is checked by the editor as a pattern carrying that message, so the marketer reads the message the
// build would print; a limit without one keeps the editor's own wording ("… must not be empty").
import { fields, type ComponentSchema } from '@keystatic/core';
import type { z } from 'astro/zod';

type Schema = z.core.$ZodType;

interface Rule {
  regex: RegExp;
  message?: string;
}

/** A camelCase key as a label: `ctaNote` -> "Cta note". */
const labelOf = (key: string) =>
  key
    .replace(/([A-Z])/g, ' $1')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ./g, (c) => c.toLowerCase());

/** The schema's own words for an editor: `.meta({ title, description })`, or the key as a label. */
function describe(schema: Schema, key: string): { label: string; description?: string } {
  const meta = (schema as z.ZodType).meta() as { title?: string; description?: string } | undefined;
  return { label: meta?.title ?? labelOf(key), ...(meta?.description ? { description: meta.description } : {}) };
}

/** The message a check (or a format such as z.email()) was given in the schema, if any. */
const messageOf = (check: { error?: z.core.$ZodErrorMap<never> }): string | undefined => {
  const message = check.error?.({} as never);
  return typeof message === 'string' ? message : undefined;
};

function textField(schema: z.ZodString, key: string): ComponentSchema {
  const { label, description } = describe(schema, key);
  const def = schema.def as z.core.$ZodStringDef & { format?: string; pattern?: RegExp; protocol?: RegExp };
  const checks = (def.checks ?? []).map((check) => check._zod.def as z.core.$ZodCheckDef & Record<string, unknown>);
  const rules: Rule[] = [];
  let min: number | undefined;
  let max: number | undefined;
  let lengthMessage: string | undefined;
  // The string itself may be a format (z.email(), z.url()).
  if (def.format === 'email' && def.pattern) rules.push({ regex: def.pattern, message: messageOf(def) });
  if (def.format === 'url') {
    const protocol = def.protocol ? def.protocol.source.replace(/^\^|\$$/g, '') : '[a-z][a-z0-9+.-]*';
    rules.push({ regex: new RegExp(`^(?:${protocol}):\\/\\/[^\\s/?#]+(?:[/?#].*)?$`), message: messageOf(def) });
  }
  for (const check of checks) {
    if (check.check === 'min_length') [min, lengthMessage] = [check.minimum as number, messageOf(check) ?? lengthMessage];
    else if (check.check === 'max_length') [max, lengthMessage] = [check.maximum as number, messageOf(check) ?? lengthMessage];
    else if (check.check === 'string_format' && check.pattern instanceof RegExp) rules.push({ regex: check.pattern, message: messageOf(check) });
    else throw new Error(`The editor has no field rule for the check ${check.check} of ${key}`);
  }
  if (lengthMessage !== undefined) {
    rules.push({ regex: new RegExp(`^[\\s\\S]{${min ?? 0},${max ?? ''}}$`), message: lengthMessage });
    [min, max] = [undefined, undefined];
  }
  if (rules.length > 1) throw new Error(`${key}: the editor checks one pattern per text field, and the schema gives ${rules.length}`);
  // Prose gets a box that grows with it; an address or an id (a text with a pattern of its own) one line.
  const prose = rules.every((rule) => rule.message === lengthMessage);
  return fields.text({
    label,
    ...(description ? { description } : {}),
    multiline: prose,
    validation: { length: { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }, ...(rules[0] ? { pattern: rules[0] } : {}) },
  });
}

function integerField(schema: z.ZodNumber, key: string): ComponentSchema {
  const checks = (schema.def.checks ?? []).map((check) => check._zod.def as z.core.$ZodCheckDef & Record<string, unknown>);
  if (!checks.some((check) => check.check === 'number_format' && check.format === 'safeint')) throw new Error(`${key}: the editor has whole numbers only`);
  let min: number | undefined;
  for (const check of checks) {
    if (check.check === 'greater_than') min = (check.value as number) + (check.inclusive ? 0 : 1);
    else if (check.check !== 'number_format') throw new Error(`The editor has no field rule for the check ${check.check} of ${key}`);
  }
  return fields.integer({ ...describe(schema, key), validation: { isRequired: true, ...(min !== undefined ? { min } : {}) } });
}

/** The list's length limits (`.length(n)`, `.min(n)`, `.max(n)`). */
function arrayLength(schema: z.ZodArray, key: string): { min?: number; max?: number } {
  const length: { min?: number; max?: number } = {};
  for (const check of (schema.def.checks ?? []).map((c) => c._zod.def as z.core.$ZodCheckDef & Record<string, number>)) {
    if (check.check === 'length_equals') [length.min, length.max] = [check.length, check.length];
    else if (check.check === 'min_length') length.min = check.minimum;
    else if (check.check === 'max_length') length.max = check.maximum;
    else throw new Error(`The editor has no list rule for the check ${check.check} of ${key}`);
  }
  return length;
}

/** The editor field for one schema node (`key` names it where the schema gives no title). */
export function editorField(schema: Schema, key: string): ComponentSchema {
  const def = (schema as z.ZodType).def;
  switch (def.type) {
    case 'object':
      return fields.object(editorFields(schema as z.ZodObject), describe(schema, key));
    case 'string':
      return textField(schema as z.ZodString, key);
    case 'number':
      return integerField(schema as z.ZodNumber, key);
    case 'enum': {
      const values = (schema as z.ZodEnum).options.map(String);
      return fields.select({
        ...describe(schema, key),
        options: values.map((value) => ({ label: value.toUpperCase(), value })),
        defaultValue: values[0] ?? '',
      });
    }
    case 'date':
      return fields.date({ ...describe(schema, key), validation: { isRequired: true } });
    case 'array': {
      const element = editorField((schema as z.ZodArray).element, key.replace(/s$/, ''));
      return fields.array(element, { ...describe(schema, key), itemLabel: itemLabel, validation: { length: arrayLength(schema as z.ZodArray, key) } });
    }
    default:
      throw new Error(`The editor has no field for the schema type ${def.type} of ${key}`);
  }
}

/** The editor's fields for an object schema, key by key. */
export function editorFields(schema: z.ZodObject): Record<string, ComponentSchema> {
  return Object.fromEntries(Object.entries(schema.shape).map(([key, value]) => [key, editorField(value as Schema, key)]));
}

/** A list item's label in the editor: its first text (a feature's label, a country's name), or its own text. */
function itemLabel(preview: object): string {
  const props = preview as { value?: unknown; fields?: Record<string, { value?: unknown }> };
  if (typeof props.value === 'string') return props.value;
  const first = Object.values(props.fields ?? {}).find((field) => typeof field.value === 'string' && field.value !== '');
  return typeof first?.value === 'string' ? first.value : 'Item';
}
