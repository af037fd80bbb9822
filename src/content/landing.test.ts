// The landing page writes money as the app shows it in each language (src/shared/format.ts), so a
// visitor sees one dollar sign from the landing to the wallet.
import { describe, expect, it } from 'vitest';
import { formatCents } from '../shared/format';
import en from './landing/en.json';
import es from './landing/es.json';

describe.each([
  ['en', en],
  ['es', es],
])('landing (%s)', (_lang, { card }) => {
  it("writes the balance card's amounts as the app formats dollars", () => {
    for (const amount of [card.balance, ...card.rows.map((row) => row.value)]) {
      expect(amount).toBe(formatCents(Number(amount.replace(/\D/g, ''))));
    }
  });
});
