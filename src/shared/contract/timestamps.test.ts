// Every timestamp of every answer the contract declares is an ISO 8601 date-time with its offset: an
// upstream row with created_at "garbage" (or SQLite's "2026-11-27 10:00:00") fails the answer check
// (502 before any byte) instead of passing it and throwing later where the time is read.
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { declaredRoutes } from './index';

/** A field holding a time by its name: created_at, expiresAt, ledgerTime, time. */
const TIME_FIELD = /(?:_at|At|Time|^time)$/;

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; in?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** [where, schema] of every time field inside an answer schema. */
function timeFields(schema: z.ZodType, at: string, out: [string, z.ZodType][] = [], seen = new Set<z.ZodType>()): [string, z.ZodType][] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape!)) {
      if (TIME_FIELD.test(key)) out.push([`${at}.${key}`, field]);
      else timeFields(field, `${at}.${key}`, out, seen);
    }
  } else if (def.innerType) timeFields(def.innerType, at, out, seen);
  else if (def.element) timeFields(def.element, `${at}[]`, out, seen);
  else if (def.options) def.options.forEach((o) => timeFields(o, at, out, seen));
  else if (def.in) timeFields(def.in, at, out, seen);
  return out;
}

const fields = declaredRoutes().flatMap(({ key, route }) => {
  const ok = (route.responses as Record<string, { content?: Record<string, { schema?: z.ZodType }> }>)[200];
  const schema = ok?.content?.['application/json']?.schema;
  return schema ? timeFields(schema, key) : [];
});

describe('timestamps in the answers of the contract', () => {
  it('finds the time fields of every answer (the walk reaches into objects, arrays and nullables)', () => {
    const where = fields.map(([w]) => w);
    expect(where.length).toBeGreaterThan(40);
    for (const expected of [
      'GET /api/transactions/account/:id.data[].created_at',
      'GET /api/transactions/:id.data.offer.expiresAt',
      'GET /api/accounts/:userId.data.idv.updated_at',
      'GET /api/market.data.stocks[].price.updated_at',
      'GET /api/market/history/:symbol.data.points[].time',
      'GET /api/support/tickets.data[].created_at',
      'GET /api/feature-requests.data[].created_at',
      'GET /api/wallets/canton/offers/:accountId.data.incoming[].createdAt',
    ])
      expect(where, expected).toContain(expected);
  });

  it.each(fields)('%s refuses what is not an ISO 8601 date-time with an offset', (_, schema) => {
    for (const bad of ['garbage', '', '2026-11-27 10:00:00', '2026-11-27T10:00:00', '2026-11-27', '2026-02-30T00:00:00Z', '1764237600000']) {
      expect(schema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it.each(fields)('%s takes an ISO 8601 date-time in UTC or with an offset', (_, schema) => {
    for (const good of ['2026-11-27T10:00:00.000Z', '2026-11-27T10:00:00Z', '2026-11-27T10:00:00.123456+00:00', '2026-11-27T11:00:00+01:00']) {
      expect(schema.safeParse(good).success, good).toBe(true);
    }
  });
});
