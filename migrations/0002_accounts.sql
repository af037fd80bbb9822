-- Accounts (spec sections 1 and 3): a user owns several accounts through user_accounts links;
-- one link is active and one may be primary. The profile (GET /accounts/{userId}) is the user's
-- own row in profiles, keyed by the user id (the verified token's sub).
CREATE TABLE profiles (
  id TEXT PRIMARY KEY,                       -- auth user id (token sub)
  name TEXT NOT NULL DEFAULT '',
  language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es', 'fs')),
  first_name TEXT,
  last_name TEXT,
  address TEXT,
  idv_id TEXT,
  idv_status TEXT,                           -- e.g. pending, approved, rejected; NULL = not started
  idv_created_at TEXT,
  idv_updated_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE account_categories (
  id TEXT PRIMARY KEY,                       -- personal, business, trading, savings, investment
  label TEXT NOT NULL
);
INSERT INTO account_categories (id, label) VALUES
  ('personal', 'Personal'), ('business', 'Business'), ('trading', 'Trading'),
  ('savings', 'Savings'), ('investment', 'Investment');

CREATE TABLE accounts (
  id TEXT PRIMARY KEY,                       -- uuid
  name TEXT NOT NULL,
  description TEXT,
  account_type TEXT NOT NULL DEFAULT 'individual',
  account_category TEXT NOT NULL DEFAULT 'personal' REFERENCES account_categories (id),
  metadata TEXT NOT NULL DEFAULT '{}',       -- JSON object
  created_by TEXT NOT NULL,                  -- user id
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE user_accounts (
  id TEXT PRIMARY KEY,                       -- uuid
  user_id TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  is_primary INTEGER NOT NULL DEFAULT 0 CHECK (is_primary IN (0, 1)),
  is_active INTEGER NOT NULL DEFAULT 0 CHECK (is_active IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (user_id, account_id)
);
CREATE INDEX user_accounts_by_user ON user_accounts (user_id, created_at);
CREATE INDEX user_accounts_by_account ON user_accounts (account_id);
-- At most one active and one primary account per user.
CREATE UNIQUE INDEX user_accounts_one_active ON user_accounts (user_id) WHERE is_active = 1;
CREATE UNIQUE INDEX user_accounts_one_primary ON user_accounts (user_id) WHERE is_primary = 1;
