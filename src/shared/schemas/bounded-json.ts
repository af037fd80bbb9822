// Free-form JSON the API accepts (account metadata today), checked against depth, width and size
// bounds by an iterative walk. zod's own `z.json()` recurses once per nesting level, so a 64 KB body
// of nested arrays (~32,000 levels) overflows the stack before any bound applies, and SQLite's JSON
// functions refuse anything past 1,000 levels: both ended as 500s. The walk below never recurses, and
// stops at the first node past a bound, so its cost is bounded by the body size limit.
import { z } from 'zod';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface JsonBounds {
  /** Containers nested inside each other, the top-level object counting as 1. */
  maxDepth: number;
  /** Keys of any one object. */
  maxKeys: number;
  /** Characters of any one key. */
  maxKeyLength: number;
  /** UTF-8 bytes of the value serialized with JSON.stringify (no spaces). */
  maxBytes: number;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * The first way `value` breaks `bounds` (or is not JSON: functions, undefined, non-finite numbers,
 * class instances), as a message; null when it holds. Iterative, depth-first, and it never descends
 * past `maxDepth`.
 */
export function jsonBoundsIssue(value: unknown, bounds: JsonBounds): string | null {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'must be JSON (finite numbers only)';
      continue;
    }
    const isArray = Array.isArray(v);
    if (!isArray && !isPlainObject(v)) return 'must be JSON';
    if (depth + 1 > bounds.maxDepth) return `must not nest deeper than ${bounds.maxDepth} levels`;
    if (isArray) {
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > bounds.maxKeys) return `must not have more than ${bounds.maxKeys} keys in one object`;
    for (const key of keys) {
      if (key.length > bounds.maxKeyLength) return `keys must be at most ${bounds.maxKeyLength} characters`;
      stack.push({ v: v[key], depth: depth + 1 });
    }
  }
  // Safe now: the depth is bounded, so stringify's own recursion is shallow.
  if (jsonBytes(value) > bounds.maxBytes) return `must be at most ${bounds.maxBytes} bytes as JSON`;
  return null;
}

/** UTF-8 bytes of the JSON text of a value already known to be JSON of bounded depth. */
export const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * A JSON object within `bounds`, as a zod schema: anything else is one issue on the field (400
 * {message} through the validator). The check runs before any recursion over the value.
 */
export const boundedJsonObject = (bounds: JsonBounds) =>
  z
    .custom<JsonObject>()
    .superRefine((value, ctx) => {
      if (!isPlainObject(value)) {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return;
      }
      const issue = jsonBoundsIssue(value, bounds);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    })
    // What the OpenAPI document says of it (a custom schema has no JSON Schema of its own).
    .meta({ type: 'object', description: `A JSON object (depth <= ${bounds.maxDepth}, ${bounds.maxBytes} bytes at most)` });
