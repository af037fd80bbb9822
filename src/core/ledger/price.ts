// The USD price of CC, the one price every USD value of a ledger amount is computed with.

/** USD price of CC: server1's digital_assets row when it exists, else the instrument's reference price. */
export async function ccPrice(db: D1Database): Promise<string> {
  try {
    const row = await db
      .prepare("SELECT CAST(last_price AS TEXT) AS price FROM digital_assets WHERE upper(symbol) = 'CC' LIMIT 1")
      .first<{ price: string | null }>();
    if (row?.price && /^\d+(\.\d+)?$/.test(row.price)) return row.price;
  } catch {
    // digital_assets arrives with the market migrations; until then the reference price stands.
  }
  const inst = await db.prepare("SELECT reference_price FROM ledger_instruments WHERE id = 'CC'").first<{ reference_price: string }>();
  return inst?.reference_price ?? '0';
}
