-- Market data (spec sections 3 and 7, Direct database reads): stocks and ETFs with one price record
-- each, and the digital assets of the Canton network. digital_assets is the single source of the
-- assets list: the market cache reads it, and the wallets core serves it as /wallets/canton/assets.
CREATE TABLE stocks (
  id TEXT PRIMARY KEY,
  symbol TEXT NOT NULL UNIQUE,                 -- upper case
  name TEXT NOT NULL,
  description TEXT,
  logo_url TEXT,                               -- NULL: the client falls back to a logo service
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Quotes for display; amounts in US dollars as the market feed gives them.
CREATE TABLE stock_prices (
  id TEXT PRIMARY KEY,
  stock_id TEXT NOT NULL UNIQUE REFERENCES stocks (id) ON DELETE CASCADE,
  price REAL NOT NULL,
  change REAL NOT NULL,
  change_percent REAL NOT NULL,
  market_cap REAL NOT NULL,
  volume INTEGER NOT NULL,
  high REAL NOT NULL,
  low REAL NOT NULL,
  open REAL NOT NULL,
  previous_close REAL NOT NULL,
  weighted_shares_outstanding INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE digital_assets (
  id TEXT PRIMARY KEY,
  symbol TEXT NOT NULL UNIQUE COLLATE NOCASE,  -- looked up case-insensitively
  name TEXT NOT NULL,
  asset_type TEXT NOT NULL CHECK (asset_type IN ('fiat', 'crypto', 'other')),
  currency TEXT,
  network TEXT,
  caip2 TEXT,
  last_price TEXT,                             -- exact decimal as text, in USD
  logo_url TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
