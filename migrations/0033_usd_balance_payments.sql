-- New Transaction can be paid from the USD balance: a quote's payment method may be 'usd_balance',
-- and executing such a quote writes a 'purchase' movement in the USD account (no rail: the dollars
-- leave the balance, not through a bank or a card), settled at once, in the same batch that debits
-- the balance and credits the CC. A purchase is not a deposit or a withdrawal: it does not count
-- toward the monthly limit. SQLite cannot change a CHECK, so both tables are rebuilt with their rows
-- and indexes.
CREATE TABLE quotes_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  wallet_id TEXT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  onramp_provider TEXT NOT NULL CHECK (onramp_provider IN ('usdc', 'apple_pay', 'usd_balance')),
  destination_asset TEXT NOT NULL CHECK (destination_asset = 'CC'),
  amount_usd_cents INTEGER NOT NULL CHECK (typeof(amount_usd_cents) = 'integer' AND amount_usd_cents BETWEEN 100 AND 5000),
  fee_usd_cents INTEGER NOT NULL CHECK (typeof(fee_usd_cents) = 'integer' AND fee_usd_cents >= 0),
  market_price TEXT NOT NULL,
  rate TEXT NOT NULL,
  net_destination_amount INTEGER NOT NULL CHECK (typeof(net_destination_amount) = 'integer' AND net_destination_amount > 0),
  status TEXT NOT NULL CHECK (status IN ('locked', 'executed', 'expired')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  executed_at TEXT,
  transaction_id TEXT
);
INSERT INTO quotes_new SELECT id, user_id, account_id, wallet_id, onramp_provider, destination_asset, amount_usd_cents, fee_usd_cents,
  market_price, rate, net_destination_amount, status, created_at, expires_at, executed_at, transaction_id FROM quotes;
DROP TABLE quotes;
ALTER TABLE quotes_new RENAME TO quotes;
CREATE INDEX quotes_by_user ON quotes (user_id, created_at);

CREATE TABLE usd_movements_new (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'purchase')),
  -- A deposit or a withdrawal names its rail; a purchase paid from the balance has none.
  rail TEXT CHECK ((kind = 'purchase' AND rail IS NULL) OR (kind <> 'purchase' AND rail IN ('bank', 'card'))),
  amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer' AND amount_cents > 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'settled', 'cancelled')),
  settle_at TEXT,
  settle_token TEXT,
  bank_account_id TEXT REFERENCES usd_bank_accounts (id),
  transaction_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  settled_at TEXT
);
INSERT INTO usd_movements_new SELECT id, wallet_id, user_id, kind, rail, amount_cents, status, settle_at, settle_token, bank_account_id,
  transaction_id, created_at, updated_at, settled_at FROM usd_movements;
DROP TABLE usd_movements;
ALTER TABLE usd_movements_new RENAME TO usd_movements;
CREATE INDEX usd_movements_by_wallet ON usd_movements (wallet_id, created_at);
CREATE INDEX usd_movements_by_user ON usd_movements (user_id, created_at);
CREATE INDEX usd_movements_due ON usd_movements (settle_at) WHERE status = 'pending';
CREATE INDEX usd_movements_by_token ON usd_movements (settle_token) WHERE settle_token IS NOT NULL;
