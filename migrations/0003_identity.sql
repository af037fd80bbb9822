-- The local sign-in service (embedded default only): the part of the Supabase Auth API that
-- supabase-js uses for phone one-time codes. Codes and refresh tokens are stored as SHA-256 hashes.

-- ES256 signing keys; the current one signs, every row is published in the JWKS.
CREATE TABLE auth_signing_keys (
  kid TEXT PRIMARY KEY,
  alg TEXT NOT NULL DEFAULT 'ES256',
  private_jwk TEXT NOT NULL,
  public_jwk TEXT NOT NULL,
  is_current INTEGER NOT NULL DEFAULT 1 CHECK (is_current IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- Two isolates generating the first key at once: the second INSERT OR IGNORE loses.
CREATE UNIQUE INDEX auth_signing_keys_one_current ON auth_signing_keys (is_current) WHERE is_current = 1;

CREATE TABLE auth_users (
  id TEXT PRIMARY KEY,                         -- uuid, the tokens' sub
  phone TEXT NOT NULL UNIQUE,                  -- E.164 digits without '+', as GoTrue stores it
  phone_confirmed_at TEXT,
  last_sign_in_at TEXT,
  user_metadata TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One live code per phone; a new send replaces it. Times are epoch milliseconds.
CREATE TABLE auth_otps (
  phone TEXT PRIMARY KEY,
  code_hash TEXT NOT NULL,                     -- sha256(phone + code), hex
  sent_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0          -- wrong tries so far
);

CREATE TABLE auth_sessions (
  id TEXT PRIMARY KEY,                         -- uuid, the tokens' session_id
  user_id TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  aal TEXT NOT NULL DEFAULT 'aal1',
  amr_method TEXT NOT NULL DEFAULT 'otp',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  refreshed_at TEXT
);
CREATE INDEX auth_sessions_by_user ON auth_sessions (user_id);

-- Rotating refresh tokens: each use revokes the token and issues a child; reusing a revoked token
-- ends the whole session (GoTrue's reuse detection).
CREATE TABLE auth_refresh_tokens (
  token_hash TEXT PRIMARY KEY,                 -- sha256(token), hex
  session_id TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX auth_refresh_tokens_by_session ON auth_refresh_tokens (session_id);
