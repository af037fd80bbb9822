// Exact ledger amounts: integer units of 10^-10 (Canton's Numeric 10) held as bigint in code,
// bound to SQL as decimal text and read back with CAST(... AS TEXT). Never a float.
// Answers show amounts as decimal strings with exactly 10 decimals, e.g. "100.0000000000".
export const DECIMALS = 10;
const SCALE = 10n ** BigInt(DECIMALS);

/** "100" -> 1000000000000n; "0.5" -> 5000000000n. The input is already validated (digits, <= 10 decimals). */
export function parseAmount(text: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,10}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a ledger amount: ${text}`);
  return BigInt(m[1]!) * SCALE + BigInt((m[2] ?? '').padEnd(DECIMALS, '0'));
}

/** 1000000000000n -> "100.0000000000". */
export function formatAmount(units: bigint | string | null | undefined): string {
  const u = BigInt(units ?? 0);
  const neg = u < 0n;
  const abs = neg ? -u : u;
  return `${neg ? '-' : ''}${abs / SCALE}.${(abs % SCALE).toString().padStart(DECIMALS, '0')}`;
}

/** USD cents for `units` at `price` (a USD decimal string), rounded half up. */
export function usdCents(units: bigint, price: string): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(price.trim());
  if (!m) return 0n;
  const frac = m[2] ?? '';
  const priceScaled = BigInt(m[1]! + frac);
  const denom = SCALE * 10n ** BigInt(frac.length);
  const num = units * priceScaled * 100n;
  return (num * 2n + denom) / (2n * denom);
}
