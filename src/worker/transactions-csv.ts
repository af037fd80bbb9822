// The CSV export of transactions: one header row, ISO 8601 UTC dates, amounts as exact
// decimals beside their currency, RFC 4180 quoting with `,` as the separator, and CSV formula
// injection neutralised as OWASP's "CSV Injection" page says: every text cell (anything a user or the
// upstream wrote) whose first non-space character is = + - @ or their full-width forms, or that starts
// with a tab or CR, is written as ' + the text inside double quotes. Only the two amounts, which this
// module formats itself as exact decimals, are written as bare numbers.
import type { z } from 'zod';
import type { transaction } from '../shared/schemas/transaction';
import { CENTS_SCALE, formatUnits } from '../shared/decimal';
import { movedMoney } from '../shared/transaction-labels';

type Transaction = z.infer<typeof transaction>;

export const CSV_COLUMNS = [
  'date',
  'id',
  'type',
  'status',
  'amount',
  'currency',
  'asset_amount',
  'asset',
  'network',
  'tx_hash',
  'counterparty',
  'description',
  // The person-to-person columns, after the earlier ones so that a reader by position keeps working.
  'direction',
  'counterparty_name',
  'status_reason',
  // yes when the row moved money (completed), no when it has not (pending) or never will (failed,
  // cancelled): the rows marked yes add up to the change of what the account holds.
  'moved_money',
] as const;

/**
 * A cell a spreadsheet would read as a formula: its first character after any run of spaces (Unicode
 * spaces, no-break and zero-width ones included: `\s` plus U+200B-U+200D and U+2060) is = + - @ or
 * the full-width ＝ ＋ － ＠, or it starts with a tab or CR (OWASP's list).
 */
const FORMULA_START = /^(?:[\s\u200B-\u200D\u2060]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;

/**
 * Characters that make a cell quoted: the separator, the quote, line breaks, and `;`, the list
 * separator of Excel in the es and fr locales, so that such an Excel keeps the cell whole.
 */
const NEEDS_QUOTES = /[",;\r\n]/;

/** A plain decimal number ("-12.50"): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * A text cell (anything a user or the upstream wrote): neutralised when a spreadsheet would read it as
 * a formula (a leading ' inside double quotes), else quoted when it holds , ; " CR or LF.
 */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (FORMULA_START.test(value)) return quoted(`'${value}`);
  return NEEDS_QUOTES.test(value) ? quoted(value) : value;
}

/**
 * A number cell this module formatted itself as an exact decimal: bare, so a spreadsheet sums it; any
 * other text is treated as text (neutralised), whatever its column.
 */
export function csvNumber(value: string | null | undefined): string {
  return value !== null && value !== undefined && PLAIN_NUMBER.test(value) ? value : csvCell(value);
}

/** USD cents as an exact decimal ("12.34", "-0.05"): never through a float. */
export const centsToDecimal = (cents: number) => formatUnits(BigInt(cents), CENTS_SCALE);

/** One line of text cells (CRLF-terminated, as RFC 4180 writes records). */
export function csvLine(values: readonly (string | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export const CSV_HEADER = csvLine(CSV_COLUMNS);

/** One transaction's record: the amounts as numbers, every other cell as text. */
export function csvRecord(tx: Transaction): string {
  const cells = [
    csvCell(new Date(tx.created_at).toISOString()),
    csvCell(tx.id),
    csvCell(tx.type),
    csvCell(tx.status),
    csvNumber(centsToDecimal(tx.amount_usd)),
    csvCell('USD'),
    csvNumber(tx.asset_amount),
    csvCell(tx.asset),
    csvCell(tx.network),
    csvCell(tx.tx_hash),
    csvCell(tx.counterparty),
    csvCell(tx.description),
    csvCell(tx.direction),
    csvCell(tx.counterparty_name),
    csvCell(tx.status_reason),
    csvCell(movedMoney(tx.status) ? 'yes' : 'no'),
  ];
  return `${cells.join(',')}\r\n`;
}

/** `transactions-<from>-to-<to>.csv` from validated days only (no user text reaches the header). */
export function exportFilename(from?: string, to?: string): string {
  return `transactions${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
}
