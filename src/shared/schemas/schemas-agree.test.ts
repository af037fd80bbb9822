// One definition per entity (issue 15): the islands' zod/mini schemas and the contract's full-zod
// request schemas are built from the same constants, and here fast-check checks that each pair
// accepts and refuses the same bodies and, when both accept, yields the same value. (Their messages
// differ on purpose: dictionary keys for islands, English for the API.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DESCRIPTION_MAX, ACCOUNT_NAME_MAX, createAccountBody, createAccountBodySchema, switchAccountBody, switchAccountBodySchema } from './account';
import { FEATURE_CATEGORY_MAX, FEATURE_DESCRIPTION_MAX, FEATURE_DESCRIPTION_MIN, FEATURE_TITLE_MAX, FEATURE_TITLE_MIN, createFeatureRequestBody, createFeatureRequestBodySchema, voteBody, voteBodySchema } from './feature-request';
import { preapprovalBody, preapprovalBodySchema, resolveReceiverBody, resolveReceiverBodySchema, sendBody, sendBodySchema } from './send';
import { COMMENT_MAX, TICKET_DESCRIPTION_MAX, TICKET_TITLE_MAX, createCommentBody, createSupportTicketBodySchema, createTicketBody, createTicketCommentBodySchema } from './support-ticket';

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

function agree(island: Parser, server: Parser, body: fc.Arbitrary<Record<string, unknown>>, examples: Record<string, unknown>[] = []) {
  fc.assert(
    fc.property(body, (input) => {
      const a = island.safeParse(input);
      const b = server.safeParse(input);
      expect(a.success, JSON.stringify(input)).toBe(b.success);
      if (a.success) expect(a.data, JSON.stringify(input)).toEqual(b.data);
    }),
    { numRuns: RUNS, examples: examples.map((e) => [e] as [Record<string, unknown>]) },
  );
}

/** A record of the given fields, each sometimes left out. */
const body = (fields: Record<string, fc.Arbitrary<unknown>>) => fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;

describe('island and server schemas agree', () => {
  it('on creating an account (name, description, type, category)', () => {
    agree(
      createAccountBodySchema,
      createAccountBody,
      body({
        accountName: field(ACCOUNT_NAME_MAX),
        accountDescription: field(ACCOUNT_DESCRIPTION_MAX),
        accountType: fc.constantFrom('individual', 'business', undefined, 1),
        accountCategory: fc.constantFrom('personal', 'business', 'trading', 'savings', 'investment', 'joint', '', undefined),
      }),
      [{ accountName: 'Rent', accountDescription: null }],
    );
  });

  it('on switching account (an exact uuid, nothing trimmed)', () => {
    const ids = fc.oneof(fc.uuid(), fc.uuid().map((id) => ` ${id}`), fc.uuid().map((id) => id.toUpperCase()), fc.string({ maxLength: 40 }), field());
    agree(switchAccountBodySchema, switchAccountBody, body({ accountId: ids }));
  });

  it('on submitting a feature request', () => {
    agree(
      createFeatureRequestBodySchema,
      createFeatureRequestBody,
      body({
        title: field(FEATURE_TITLE_MIN, FEATURE_TITLE_MAX),
        description: field(FEATURE_DESCRIPTION_MIN, FEATURE_DESCRIPTION_MAX),
        category: fc.oneof(field(FEATURE_CATEGORY_MAX), fc.constantFrom('UI/UX', 'Payments', 'Games')),
        is_anonymous: fc.constantFrom(true, false, undefined, 'true', 0),
      }),
    );
  });

  it('on voting', () => {
    agree(voteBodySchema, voteBody, body({ vote_type: fc.constantFrom('upvote', 'downvote', 'UPVOTE', '', undefined, null, 1) }));
  });

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

  // Person-to-person transfers (issue 17): the receiver (party id or phone) and the CC amount.
  const party = fc
    .tuple(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), fc.stringMatching(/^[0-9a-f]{64}$/))
    .map(([hint, key]) => `${hint}::1220${key}`);
  const phone = fc.oneof(
    fc.stringMatching(/^\+[1-9]\d{7,14}$/),
    fc.stringMatching(/^\+[0-9]{1,3}[ -]{0,2}[0-9 -]{4,18}$/),
    fc.stringMatching(/^[0-9]{6,16}$/),
    fc.constantFrom('+1 555 555 0130', '+1-555-555-0131', ' +15555550132 ', '+1555', '+0 555 555 0100', '+1234567890123456', '15555550130'),
  );
  const amount = fc.oneof(
    fc.stringMatching(/^\d{1,6}(\.\d{0,11})?$/),
    fc.constantFrom('0', '0.0000000000', '0.0000000001', '10000', '10000.0', '10000.0000000001', '9999.9999999999', ' 12.5 ', '1e3', '-1', '.5', '5.', ''),
    fc.double({ min: -1, max: 20_000, noNaN: true }),
    fc.integer({ min: -5, max: 20_000 }),
  );
  const account = fc.oneof(fc.uuid(), field(100));

  it('on resolving a receiver (party id, or phone with spaces and dashes dropped)', () => {
    agree(
      resolveReceiverBodySchema,
      resolveReceiverBody,
      body({ account_id: account, receiver: fc.oneof(party, party.map((p) => ` ${p}\n`), phone, field(20), fc.constantFrom(1, null)) }),
      [{ account_id: 'a', receiver: '+1 555-555-0130' }],
    );
  });

  it('on sending CC (a party id, an amount of at most 10 decimals, more than 0, at most 10,000)', () => {
    agree(
      sendBodySchema,
      sendBody,
      body({ account_id: account, receiver_party: fc.oneof(party, party.map((p) => ` ${p}`), phone), amount }),
      [{ account_id: 'a', receiver_party: `ana::1220${'a'.repeat(64)}`, amount: 0.1 }],
    );
  });

  it('on turning the transfer preapproval on or off', () => {
    agree(preapprovalBodySchema, preapprovalBody, body({ enabled: fc.constantFrom(true, false, 'true', 0, null, undefined) }));
  });
});
