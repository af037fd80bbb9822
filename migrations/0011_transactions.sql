-- Transactions (spec section 3): one row per movement seen by an account. amount_usd is in cents;
-- asset_amount is the ledger amount in units of 10^-10 when the asset lives on the ledger.
-- Lists are newest first per account or wallet (ties in the same millisecond by insertion order,
-- rowid), read backwards from the two indexes below with no sort step.
CREATE TABLE transactions (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  wallet_id TEXT REFERENCES wallets (id) ON DELETE SET NULL,
  type TEXT NOT NULL CHECK (type IN ('deposit', 'withdrawal', 'transfer', 'stock_order')),
  amount_usd INTEGER NOT NULL CHECK (typeof(amount_usd) = 'integer'),
  asset TEXT NOT NULL,
  network TEXT NOT NULL,
  asset_amount INTEGER CHECK (asset_amount IS NULL OR typeof(asset_amount) = 'integer'),
  status TEXT NOT NULL CHECK (status IN ('COMPLETED', 'PENDING', 'FAILED', 'CANCELLED')),
  tx_hash TEXT,
  offer_id TEXT,
  description TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX transactions_by_account ON transactions (account_id, created_at);
CREATE INDEX transactions_by_wallet ON transactions (wallet_id, created_at);
CREATE INDEX transactions_by_offer ON transactions (offer_id) WHERE offer_id IS NOT NULL;
