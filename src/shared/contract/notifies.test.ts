// @vitest-environment node
// The live-update marks of the contract: exactly the calls that move money between parties
// are marked with notifiesParties(), each of them answers `affectedParties` (what the BFF reads to tell
// those parties' screens), and /api/openapi.json publishes the mark as `x-live-notify: true`.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument } from '../../worker/index';
import { notifiesOf } from './common';
import { declaredRoutes } from './index';

const MOVES_MONEY = [
  'POST /api/quotes/:id/execute',
  'POST /api/wallets/auto-accept',
  'POST /api/wallets/canton/offers/:offerId/accept',
  'POST /api/wallets/canton/offers/:offerId/reject',
  'POST /api/wallets/canton/offers/:offerId/withdraw',
  'POST /api/wallets/canton/send',
  'POST /api/wallets/transfer',
];

/** The `data` schema of a declaration's 200 answer. */
function dataSchema(route: object): z.ZodType {
  const answer = (route as { responses: { 200: { content: { 'application/json': { schema: z.ZodObject } } } } }).responses[200].content['application/json']
    .schema;
  return answer.shape.data as z.ZodType;
}

describe('the live-update marks of the contract', () => {
  it('marks exactly the calls that move money between parties', () => {
    expect(
      declaredRoutes()
        .filter((r) => notifiesOf(r.route))
        .map((r) => r.key)
        .sort(),
    ).toEqual(MOVES_MONEY);
  });

  it('has every marked call answer affectedParties, a list of party ids', () => {
    for (const r of declaredRoutes().filter((d) => notifiesOf(d.route))) {
      const data = dataSchema(r.route) as z.ZodObject;
      expect(Object.keys(data.shape), r.key).toContain('affectedParties');
      expect(data.shape.affectedParties!.safeParse(['alice::1220ab']).success, r.key).toBe(true);
    }
  });

  it('publishes the mark as x-live-notify: true in /api/openapi.json', () => {
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const marked = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op['x-live-notify'] === true)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(marked.sort()).toEqual(MOVES_MONEY.map((k) => k.replace(/:([A-Za-z]+)/g, '{$1}')).sort());
  });
});
