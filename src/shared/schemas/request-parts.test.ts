// The request rules whose published form is the check itself: integer query parameters, partial
// update bodies, and the CC amount and receiver patterns the document publishes for the send rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryInteger, updateBody } from './request-parts';
import { CC_AMOUNT_PATTERN, RECEIVER_PATTERN, SEND_AMOUNT_PATTERN, ccAmountProblem, canonicalReceiver, sendAmountProblem } from './send-rules';

describe('queryInteger', () => {
  const offset = queryInteger(0, 1_000_000, 0);

  it('takes decimal digits within its range, and its fallback when absent', () => {
    expect(offset.parse('0')).toBe(0);
    expect(offset.parse('1000000')).toBe(1_000_000);
    expect(offset.parse(undefined)).toBe(0);
  });

  it('refuses what a query can carry but is no integer in digits: null, empty, spaces, exponents, decimals, out of range', () => {
    for (const value of ['null', '', ' 5', '5 ', '1e3', '0x10', '1.5', '-1', '1000001', 'NaN']) expect(offset.safeParse(value).success, value).toBe(false);
  });

  it('publishes a plain integer with its bounds, never nullable (a query carries no null)', () => {
    expect(z.toJSONSchema(z.object({ offset }), { io: 'input' }).properties?.offset).toMatchObject({ type: 'integer', minimum: 0, maximum: 1_000_000 });
    expect(offset.safeParse(null).success).toBe(false);
  });
});

describe('updateBody', () => {
  const body = updateBody({ title: z.string().optional(), done: z.boolean().optional() });

  it('refuses an empty body and a body with a field it does not name (nothing would be updated)', () => {
    expect(body.safeParse({}).success).toBe(false);
    expect(body.safeParse({ titel: 'typo' }).success).toBe(false);
    expect(body.safeParse({ title: 'x', titel: 'typo' }).success).toBe(false);
    expect(body.parse({ done: false })).toEqual({ done: false });
  });

  it('publishes the two rules it refuses by: minProperties 1 and additionalProperties false', () => {
    expect(z.toJSONSchema(body)).toMatchObject({ minProperties: 1, additionalProperties: false });
  });
});

describe('the published amount and receiver patterns', () => {
  const cc = new RegExp(CC_AMOUNT_PATTERN);
  const send = new RegExp(SEND_AMOUNT_PATTERN);
  // Canonical decimal texts (no leading zeros) around every bound: 0, the minimum, 10,000, 10 decimals.
  const amountText = fc
    .tuple(fc.constantFrom('0', '1', '9', '10', '9999', '10000', '10001', '99999', '100000'), fc.option(fc.stringMatching(/^[0-9]{1,11}$/), { nil: undefined }))
    .map(([int, frac]) => (frac === undefined ? int : `${int}.${frac}`));

  it('match exactly the canonical amounts the server takes (a positive CC amount; a send of at least 0.1)', () => {
    fc.assert(
      fc.property(amountText, (text) => {
        expect(cc.test(text)).toBe(ccAmountProblem(text) === null);
        expect(send.test(text)).toBe(sendAmountProblem(text) === null);
      }),
      { numRuns: 2000 },
    );
    for (const text of ['0', '0.0', '0.00000000001', '10000.0000000001', '-1', ' 1', '1e3', '']) expect(cc.test(text), text).toBe(false);
    for (const text of ['0.0000000001', '0.1', '10000', '10000.0000000000']) expect(cc.test(text), text).toBe(true);
    expect(send.test('0.09')).toBe(false);
    expect(send.test('0.1')).toBe(true);
  });

  it('match only receivers the server takes: a party id, or + and 8 to 15 digits with single spaces or dashes', () => {
    const party = `ana::1220${'a'.repeat(64)}`;
    for (const text of [party, '+15555550100', '+1 555-555 0100', '+12345678', '+123456789012345']) {
      expect(new RegExp(RECEIVER_PATTERN).test(text), text).toBe(true);
      expect(canonicalReceiver(text), text).not.toBeNull();
    }
    for (const text of ['', '+1234567', '+1234567890123456', '+0123456789', '15555550100', 'ana', ' +15555550100']) {
      expect(new RegExp(RECEIVER_PATTERN).test(text), text).toBe(false);
    }
  });
});
