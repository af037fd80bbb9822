// The CSV export of transactions (issue 18): one header row, ISO 8601 UTC dates, amounts as exact
// decimals beside their currency, RFC 4180 quoting, and CSV formula injection defused (OWASP: a cell
// starting with = + - @ tab or CR gets a leading ' so a spreadsheet shows it as text, never runs it).
import type { z } from 'zod';
import type { transaction } from '../shared/schemas/responses';
import { decimalToString } from '../shared/decimal';

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
  // Issue 17, after the earlier columns so that a reader by position keeps working.
  'direction',
  'counterparty_name',
  'status_reason',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain decimal number ("-12.50"): a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * One cell: defused when a spreadsheet would read it as a formula (a plain negative amount stays a
 * number), quoted when it holds , " CR or LF.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** USD cents as an exact decimal ("12.34", "-0.05"): never through a float. */
export const centsToDecimal = (cents: number) => decimalToString({ units: BigInt(cents), scale: 2 });

/** One line (CRLF-terminated, as RFC 4180 writes records). */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export const CSV_HEADER = csvLine(CSV_COLUMNS);

export function csvRecord(tx: Transaction): string {
  return csvLine([
    new Date(tx.created_at).toISOString(),
    tx.id,
    tx.type,
    tx.status,
    centsToDecimal(tx.amount_usd),
    'USD',
    tx.asset_amount,
    tx.asset,
    tx.network,
    tx.tx_hash,
    tx.counterparty ?? null,
    tx.description,
    tx.direction ?? null,
    tx.counterparty_name ?? null,
    tx.status_reason ?? null,
  ]);
}

/** `transactions-<from>-to-<to>.csv` from validated days only (no user text reaches the header). */
export function exportFilename(from?: string, to?: string): string {
  return `transactions${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
}
