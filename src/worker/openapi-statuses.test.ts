// The published document declares, per operation, exactly the error statuses its declaration implies,
// each with only the codes that status can carry there, the headers of the money calls and of 429,
// and each limited route's figures. (That the server answers nothing else is proven by the worker
// tier: src/worker/middleware/declared-errors.ts.)
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../shared/error-codes';
import { LIMITS } from '../shared/limiters';
import { openApiDocument } from './index';

type Schema = { $ref?: string; allOf?: Schema[]; properties?: Record<string, { enum?: string[] }> };
type Response = { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> };
type Op = { responses: Record<string, Response>; 'x-rate-limit'?: { name: string; limit: number; windowSeconds: number }; 'x-refuses'?: unknown };
const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Op>> };
const op = (method: string, path: string) => doc.paths[path]![method]!;
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, o]) => ({ key: `${method.toUpperCase()} ${path}`, op: o })),
);

/** The statuses a code may be published under: its own, upstream failures 502-504, a check failed 400, 415 (not JSON) or 426 (no upgrade). */
const allowed = (code: string) =>
  code === 'upstream_unavailable' ? [502, 503, 504] : code === 'validation_failed' ? [400, 415, 426] : [ERROR_STATUS[code as keyof typeof ERROR_STATUS]];

/** status -> the codes its error answer allows. */
function codes(o: Op): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(o.responses)
      .filter(([status]) => Number(status) >= 400)
      .map(([status, r]) => {
        const schema = r.content!['application/json']!.schema;
        expect(schema.allOf![0]!.$ref).toBe('#/components/schemas/ErrorAnswer');
        return [status, schema.allOf![1]!.properties!['code']!.enum!];
      }),
  );
}

describe('the error statuses of /api/openapi.json', () => {
  it('declares no status range (4XX, 5XX): each operation lists its statuses', () => {
    for (const { key, op: o } of operations)
      expect(
        Object.keys(o.responses).filter((s) => /X/.test(s)),
        key,
      ).toEqual([]);
  });

  it('gives each code only under its own status (upstream failures under 502, 503 and 504, a body not JSON 415)', () => {
    for (const { key, op: o } of operations) {
      if (o.responses['101']) continue;
      for (const [status, list] of Object.entries(codes(o)))
        for (const code of list) expect(allowed(code), `${key} ${status} ${code}`).toContain(Number(status));
    }
  });

  it('declares what creating an account can answer, and none of the business refusals of other routes', () => {
    expect(codes(op('post', '/api/accounts/user/create-account'))).toEqual({
      400: ['validation_failed'],
      401: ['unauthorized'],
      403: ['forbidden'],
      413: ['payload_too_large'],
      415: ['validation_failed'],
      429: ['rate_limited'],
      500: ['internal_error'],
      502: ['upstream_unavailable'],
      503: ['not_configured', 'upstream_unavailable'],
      504: ['upstream_unavailable'],
    });
  });

  it("declares a send's refusals under their statuses, 404 for a foreign account, 422 for a reused key", () => {
    const send = codes(op('post', '/api/wallets/canton/send'));
    expect(send[400]).toEqual(expect.arrayContaining(['validation_failed', 'self_transfer', 'amount_below_minimum']));
    expect(send[404]).toEqual(['not_found', 'receiver_not_found']);
    expect(send[409]).toEqual(['insufficient_funds']);
    expect(send[422]).toEqual(['idempotency_conflict']);
  });

  it('declares 404 for a path id and no 413 for a call without a body', () => {
    const read = codes(op('get', '/api/transactions/{id}'));
    expect(read[404]).toEqual(['not_found']);
    expect(read[413]).toBeUndefined();
    expect(read[415]).toBeUndefined();
  });

  it('keeps the open health check to what it can answer: no 401, no upstream failure', () => {
    expect(Object.keys(codes(op('get', '/api/health')))).toEqual(['403', '500']);
  });

  it("publishes Retry-After on every 429, and each limited route's figures as x-rate-limit {name, limit, windowSeconds} and in its 429", () => {
    for (const { key, op: o } of operations) {
      const limit = o['x-rate-limit'];
      if (o.responses['429']) expect(o.responses['429'].headers, key).toHaveProperty('Retry-After');
      if (!limit) continue;
      const figures = LIMITS[limit.name as keyof typeof LIMITS];
      expect(limit, key).toMatchObject({ limit: figures.limit, windowSeconds: figures.periodS });
      expect(o.responses['429']!.description, key).toContain(`${figures.limit} requests per ${figures.periodS} s`);
    }
  });

  it('publishes idempotent-replayed on the success of exactly the calls that take an Idempotency-Key, and no refusals list', () => {
    type WithParams = Op & { parameters?: { name: string; in: string; description?: string }[] };
    for (const { key, op: o } of operations as { key: string; op: WithParams }[]) {
      const idempotent = o.parameters?.find((p) => p.in === 'header' && p.name === 'idempotency-key');
      expect(Boolean(o.responses['200']?.headers?.['idempotent-replayed']), key).toBe(Boolean(idempotent));
      expect(Boolean(o.responses['422']), key).toBe(Boolean(idempotent));
      if (idempotent) expect(idempotent.description, key).toMatch(/422 `idempotency_conflict`/);
      expect(o['x-refuses'], key).toBeUndefined();
    }
  });
});
