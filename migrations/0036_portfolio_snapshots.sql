-- The brokerage's daily portfolio snapshots (src/core/brokerage/snapshots.ts): one row per account
-- per New York trading date, taken by the app clock's snapshot job after that day's close. Money is
-- integer cents: equity (the positions' market value at the close plus the USD account's cash), the
-- cash, and the positions' cost basis (so a day's profit and loss is equity - cash - cost basis).
-- The primary key makes the job idempotent: a repeated or racing run inserts each day once.
CREATE TABLE portfolio_snapshots (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  date TEXT NOT NULL CHECK (length(date) = 10),  -- YYYY-MM-DD, the New York trading date
  equity_cents INTEGER NOT NULL CHECK (typeof(equity_cents) = 'integer' AND equity_cents >= 0),
  cash_cents INTEGER NOT NULL CHECK (typeof(cash_cents) = 'integer' AND cash_cents >= 0),
  cost_basis_cents INTEGER NOT NULL CHECK (typeof(cost_basis_cents) = 'integer' AND cost_basis_cents >= 0),
  created_at TEXT NOT NULL,
  PRIMARY KEY (account_id, date)
) WITHOUT ROWID;
