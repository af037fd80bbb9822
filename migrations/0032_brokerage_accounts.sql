-- The brokerage account: a wallet of kind and chain 'brokerage' (one per account, the accounts
-- grouping's brokerage_account) opened by a verified person together with the two documents trading
-- needs, all in one batch: the suitability questionnaire and the W-8BEN declaration. Cash is the
-- account's USD account (usd_balances); orders, fills and positions will reference brokerage_accounts.
CREATE UNIQUE INDEX wallets_one_brokerage ON wallets (account_id) WHERE kind = 'brokerage';

CREATE TABLE brokerage_accounts (
  wallet_id TEXT PRIMARY KEY REFERENCES wallets (id) ON DELETE CASCADE,
  account_number TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('active')),
  opened_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The documents are kept as signed; a newer one (a W-8BEN renewed after three years, answers
-- updated) is a new row, and the newest counts.
CREATE TABLE brokerage_suitability (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  experience TEXT NOT NULL CHECK (experience IN ('none', 'some', 'experienced')),
  risk_tolerance TEXT NOT NULL CHECK (risk_tolerance IN ('low', 'medium', 'high')),
  horizon TEXT NOT NULL CHECK (horizon IN ('short', 'medium', 'long')),
  answered_at TEXT NOT NULL
);
CREATE INDEX brokerage_suitability_by_wallet ON brokerage_suitability (wallet_id, answered_at);

CREATE TABLE brokerage_w8ben (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  legal_name TEXT NOT NULL,
  country TEXT NOT NULL CHECK (length(country) = 2),
  date_signed TEXT NOT NULL CHECK (length(date_signed) = 10),  -- YYYY-MM-DD (UTC), set by the server
  signature TEXT NOT NULL,
  signed_at TEXT NOT NULL
);
CREATE INDEX brokerage_w8ben_by_wallet ON brokerage_w8ben (wallet_id, signed_at);
