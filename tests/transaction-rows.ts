// A transaction row as the upstream answers it (`GET /transactions/account/{id}`), for the tests that
// play a remote upstream in the workerd and remote tiers: row i has id ...i and is i seconds older
// than 2026-03-01T00:00:00Z, so a page of rows 0..99 is newest first as the list is.
export const rowId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

export const transactionRow = (accountId: string, i: number, extra: Record<string, unknown> = {}) => ({
  id: rowId(i),
  account_id: accountId,
  wallet_id: null,
  created_at: new Date(Date.UTC(2026, 2, 1) - i * 1000).toISOString(),
  updated_at: '2026-03-01T00:00:00.000Z',
  type: 'deposit',
  amount_usd: i,
  asset: 'USDC',
  asset_amount: null,
  network: 'ethereum',
  status: 'COMPLETED',
  tx_hash: null,
  description: null,
  ...extra,
});
