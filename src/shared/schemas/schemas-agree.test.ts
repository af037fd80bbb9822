// The rules that ship in two flavours: the support ticket modals validate with zod/mini schemas
// (small bundles, dictionary keys as messages) and the contract with full-zod ones (English messages,
// OpenAPI), both built from the same constants. Here fast-check checks that each pair accepts and
// refuses the same bodies and, when both accept, yields the same value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX,
  TICKET_DESCRIPTION_MAX,
  TICKET_TITLE_MAX,
  createCommentBody,
  createSupportTicketBodySchema,
  createTicketBody,
  createTicketCommentBodySchema,
} from './support-ticket';

type Parser = { safeParse(input: unknown): { success: boolean; data?: unknown } };

const RUNS = 400;

/** Text of about `around` characters (either side of a limit), padded with spaces, tabs or newlines sometimes. */
const textNear = (...limits: number[]) =>
  fc
    .tuple(
      fc.constantFrom(0, 1, ...limits.flatMap((n) => [n - 1, n, n + 1])),
      fc.constantFrom('a', 'é', ' ', '\t', '\n', '😀', '\u00a0', '\u0000', '\u0085', '\u2028', '\ud800'),
      fc.constantFrom('', ' ', '  ', '\n'),
    )
    .map(([n, ch, pad]) => pad + ch.repeat(Math.max(0, n)) + pad);

/** Any value a JSON body field can hold, biased towards strings near the given limits. */
const field = (...limits: number[]) =>
  fc.oneof(
    { weight: 6, arbitrary: textNear(...limits) },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, true, false, 0, 1, 12.5, '', [] as unknown, {}) },
  );

function agree(island: Parser, server: Parser, body: fc.Arbitrary<Record<string, unknown>>) {
  fc.assert(
    fc.property(body, (input) => {
      const a = island.safeParse(input);
      const b = server.safeParse(input);
      expect(a.success, JSON.stringify(input)).toBe(b.success);
      if (a.success) expect(a.data, JSON.stringify(input)).toEqual(b.data);
    }),
    { numRuns: RUNS },
  );
}

/** A record of the given fields, each sometimes left out. */
const body = (fields: Record<string, fc.Arbitrary<unknown>>) => fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;

describe('island and server schemas agree', () => {
  it('on creating a support ticket', () => {
    agree(
      createSupportTicketBodySchema,
      createTicketBody,
      body({
        title: field(TICKET_TITLE_MAX),
        description: field(TICKET_DESCRIPTION_MAX),
        category: fc.constantFrom('general', 'technical', 'billing', 'account', 'bug_report', 'other', undefined, null),
        priority: fc.constantFrom('low', 'medium', 'high', 'urgent', 'critical', undefined),
      }),
    );
  });

  it('on commenting on a ticket', () => {
    agree(createTicketCommentBodySchema, createCommentBody, body({ content: field(COMMENT_MAX), is_internal: fc.constantFrom(true, false, undefined, 'no') }));
  });
});
