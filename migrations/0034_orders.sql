-- The brokerage's orders and positions (the engine: src/core/brokerage/orders.ts, fills.ts,
-- positions.ts). Money is integer cents, shares integer millionths (SHARES_SCALE 6), prices exact
-- decimal text; every fill is one D1 batch with its transactions row (type 'stock_order').
--
-- Buying power: an open buy holds `reserved_cents` of the USD account's available cash, counted in
-- usd_balances.reserved_cents, which never passes available_cents (CHECK): every spend of the balance
-- (a withdrawal, a purchase paid from it, a buy) is guarded by `available_cents - reserved_cents`, so
-- a reservation is never spent twice however calls race.
ALTER TABLE usd_balances ADD COLUMN reserved_cents INTEGER NOT NULL DEFAULT 0
  CHECK (typeof(reserved_cents) = 'integer' AND reserved_cents >= 0 AND reserved_cents <= available_cents);

CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,                     -- who placed it: client_order_id is unique per person
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  client_order_id TEXT NOT NULL,
  request_hash TEXT NOT NULL,                -- the body it was placed with (the same id with another body is refused)
  symbol TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  type TEXT NOT NULL CHECK (type IN ('market', 'limit')),
  time_in_force TEXT NOT NULL CHECK (time_in_force IN ('day', 'gtc')),
  qty INTEGER CHECK (qty IS NULL OR (typeof(qty) = 'integer' AND qty > 0)),
  notional_cents INTEGER CHECK (notional_cents IS NULL OR (typeof(notional_cents) = 'integer' AND notional_cents > 0)),
  limit_price TEXT,
  status TEXT NOT NULL CHECK (status IN ('new', 'accepted', 'partially_filled', 'filled', 'canceled', 'expired', 'rejected')),
  filled_qty INTEGER NOT NULL DEFAULT 0 CHECK (typeof(filled_qty) = 'integer' AND filled_qty >= 0),
  filled_avg_price TEXT,
  filled_cents INTEGER NOT NULL DEFAULT 0 CHECK (typeof(filled_cents) = 'integer' AND filled_cents >= 0),
  reserved_cents INTEGER NOT NULL DEFAULT 0 CHECK (typeof(reserved_cents) = 'integer' AND reserved_cents >= 0),
  reserved_qty INTEGER NOT NULL DEFAULT 0 CHECK (typeof(reserved_qty) = 'integer' AND reserved_qty >= 0),
  estimated_price TEXT NOT NULL,
  estimated_qty INTEGER NOT NULL,
  estimated_cents INTEGER NOT NULL,
  executes_at TEXT,                          -- accepted: the open it waits for
  day_close_at TEXT,                         -- a day order: the close it expires at
  transaction_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  filled_at TEXT,
  canceled_at TEXT,
  expired_at TEXT,
  CHECK ((qty IS NULL) <> (notional_cents IS NULL))
);
CREATE UNIQUE INDEX orders_client_order_id ON orders (user_id, client_order_id);
-- History by account, newest first (keyset on created_at, rowid): a page costs the same at 100 or 10,000 orders.
CREATE INDEX orders_by_account ON orders (account_id, created_at);
-- Open orders by account (the portfolio, buying power, a sell's available shares) and for the engine.
CREATE INDEX orders_open_by_account ON orders (account_id, created_at) WHERE status IN ('new', 'accepted', 'partially_filled');
CREATE INDEX orders_open_by_symbol ON orders (symbol, status) WHERE status IN ('new', 'accepted', 'partially_filled');

-- A position: shares held (qty) and held by open sells (reserved_qty), with its cost basis (average
-- cost); a position that closes keeps its row at zero and starts again from nothing.
CREATE TABLE positions (
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  symbol TEXT NOT NULL,
  qty INTEGER NOT NULL CHECK (typeof(qty) = 'integer' AND qty >= 0),
  reserved_qty INTEGER NOT NULL DEFAULT 0 CHECK (typeof(reserved_qty) = 'integer' AND reserved_qty >= 0 AND reserved_qty <= qty),
  cost_basis_cents INTEGER NOT NULL CHECK (typeof(cost_basis_cents) = 'integer' AND cost_basis_cents >= 0),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (account_id, symbol)
);

-- The stock_order rows of fills name their order.
ALTER TABLE transactions ADD COLUMN order_id TEXT;
CREATE INDEX transactions_by_order ON transactions (order_id) WHERE order_id IS NOT NULL;

-- An order's notifications (canceled, expired: no money moved, so no transactions row) name it.
ALTER TABLE notifications ADD COLUMN order_id TEXT;

-- Settings of the embedded market: when its prices last moved (the price job moves them once a
-- minute), and, for tests only, an offset added to the market's time (browser tests set it with SQL
-- to open or close the market; read only where the ledger is embedded).
CREATE TABLE market_settings (
  key TEXT PRIMARY KEY CHECK (key IN ('prices_moved_at', 'test_time_offset_ms')),
  value TEXT NOT NULL
);
