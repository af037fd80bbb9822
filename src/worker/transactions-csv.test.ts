// The export's CSV cells against formula injection (OWASP "CSV Injection"): every text cell whose
// first non-space character is = + - @ (or their full-width forms), or that starts with a tab or CR,
// is written as '<text> inside double quotes; the server's own numbers stay numbers; ; is quoted.
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, csvCell, csvRecord } from './transactions-csv';

const row = (over: Record<string, unknown> = {}) =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    account_id: 'a',
    wallet_id: null,
    created_at: '2026-03-05T08:09:10.123Z',
    updated_at: '2026-03-05T08:09:10.123Z',
    type: 'transfer',
    amount_usd: -157,
    asset: 'CC',
    asset_amount: '-1.5700000000',
    network: 'canton',
    status: 'COMPLETED',
    tx_hash: null,
    description: null,
    ...over,
  }) as Parameters<typeof csvRecord>[0];

/** The record's cells by column (the test rows hold no comma inside quotes except where said). */
const cellsOf = (line: string) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, line.replace(/\r\n$/, '').split(',')[i]]));

describe('csvCell (a text cell from a user or the upstream)', () => {
  it.each([
    ['=', '=1+2'],
    ['+', '+1+2'],
    ['-', '-1+2'],
    ['@', '@SUM(A1)'],
    ['a tab', '\tTAB'],
    ['a carriage return', '\rCR'],
  ])('neutralises a cell starting with %s: a leading quote, inside double quotes', (_, text) => {
    expect(csvCell(text)).toBe(`"'${text}"`);
  });

  it.each([
    ['spaces', '   =1+2'],
    ['a no-break space (U+00A0)', '\u00A0=1+2'],
    ['an em space (U+2003)', '\u2003+1'],
    ['an ideographic space (U+3000)', '\u3000@SUM(A1)'],
    ['a narrow no-break space (U+202F)', '\u202F-1+2'],
    ['a zero-width no-break space (U+FEFF)', '\uFEFF=1'],
    ['a zero-width space (U+200B)', '\u200B=1'],
    ['a line feed', '\n=1'],
  ])('neutralises a formula after leading %s', (_, text) => {
    expect(csvCell(text)).toBe(`"'${text}"`);
  });

  it.each([
    ['＝ (U+FF1D)', '＝1+2'],
    ['＋ (U+FF0B)', '＋1+2'],
    ['－ (U+FF0D)', '－1+2'],
    ['＠ (U+FF20)', '＠SUM(A1)'],
    ['a space then ＝', ' ＝1'],
  ])('neutralises a cell starting with the full-width %s', (_, text) => {
    expect(csvCell(text)).toBe(`"'${text}"`);
  });

  it('doubles the double quotes inside a neutralised cell', () => {
    expect(csvCell('=HYPERLINK("http://x.test","click")')).toBe(`"'=HYPERLINK(""http://x.test"",""click"")"`);
  });

  it('neutralises a negative number in a text cell too (text is never trusted as a number)', () => {
    expect(csvCell('-1.57')).toBe(`"'-1.57"`);
  });

  it('leaves plain text as it is, formula characters inside it included', () => {
    expect(csvCell('Rent for March')).toBe('Rent for March');
    expect(csvCell('a=b-c+d@e')).toBe('a=b-c+d@e');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('quotes a cell holding , " CR LF, or ; (the list separator of Excel in es and fr locales)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('Alquiler; marzo')).toBe('"Alquiler; marzo"');
  });
});

describe('csvRecord', () => {
  it("keeps the server's own negative amounts as numbers and neutralises every text cell", () => {
    const cells = cellsOf(
      csvRecord(
        row({
          description: '-1.57',
          counterparty: '=cmd',
          counterparty_name: '@Ana G.',
          tx_hash: '+0xfeed',
          direction: 'sent',
          status_reason: null,
        }),
      ),
    );
    expect(cells.amount).toBe('-1.57');
    expect(cells.asset_amount).toBe('-1.5700000000');
    expect(cells.description).toBe(`"'-1.57"`);
    expect(cells.counterparty).toBe(`"'=cmd"`);
    expect(cells.counterparty_name).toBe(`"'@Ana G."`);
    expect(cells.tx_hash).toBe(`"'+0xfeed"`);
  });

  it('neutralises an id or asset from the upstream that starts like a formula', () => {
    const cells = cellsOf(csvRecord(row({ id: '-1+1', asset: '=X', network: ' @net' })));
    expect([cells.id, cells.asset, cells.network]).toEqual([`"'-1+1"`, `"'=X"`, `"' @net"`]);
  });
});
