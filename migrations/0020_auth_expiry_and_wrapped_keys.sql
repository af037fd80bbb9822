-- Sign-in hardening (issue 13): signing keys wrapped under a Worker secret and rotated, sessions
-- that expire (inactivity and absolute lifetime), and a short reuse interval for refresh tokens.
-- Times added here are epoch milliseconds, written by the Worker (its clock, not SQLite's).

-- Signing keys. The private JWK is stored only wrapped (AES-GCM under a key derived with HKDF from
-- the Worker secret AUTH_SIGNING_KEY_SECRET) and is erased when the key retires; the public JWK stays
-- published until every token the key signed has expired, then the row is deleted.
-- Keys stored in clear before this migration are retired here (the migration has no secret to wrap
-- them with): their private part is dropped at once, their public part stays published for the
-- tokens they already signed, and the next sign-in generates a new, wrapped key.
CREATE TABLE auth_signing_keys_v2 (
  kid TEXT PRIMARY KEY,
  alg TEXT NOT NULL DEFAULT 'ES256',
  wrapped_private_jwk TEXT,                    -- base64url(iv).base64url(AES-GCM ciphertext); NULL once retired
  public_jwk TEXT NOT NULL,
  is_current INTEGER NOT NULL DEFAULT 0 CHECK (is_current IN (0, 1)),
  created_ms INTEGER NOT NULL,
  retired_ms INTEGER,                          -- when it stopped signing; NULL while current
  CHECK (is_current = 0 OR (wrapped_private_jwk IS NOT NULL AND retired_ms IS NULL)),
  CHECK (is_current = 1 OR (wrapped_private_jwk IS NULL AND retired_ms IS NOT NULL))
);
INSERT INTO auth_signing_keys_v2 (kid, alg, wrapped_private_jwk, public_jwk, is_current, created_ms, retired_ms)
  SELECT kid, alg, NULL, public_jwk, 0,
         CAST(ROUND((julianday(created_at) - 2440587.5) * 86400000) AS INTEGER),
         CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)
  FROM auth_signing_keys;
DROP TABLE auth_signing_keys;
ALTER TABLE auth_signing_keys_v2 RENAME TO auth_signing_keys;
-- One current key: two isolates creating one at once, the second INSERT OR IGNORE loses.
CREATE UNIQUE INDEX auth_signing_keys_one_current ON auth_signing_keys (is_current) WHERE is_current = 1;

-- Session expiry: the sign-in time and the last refresh, as epoch ms.
ALTER TABLE auth_sessions ADD COLUMN created_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE auth_sessions ADD COLUMN refreshed_ms INTEGER NOT NULL DEFAULT 0;
UPDATE auth_sessions SET
  created_ms = CAST(ROUND((julianday(created_at) - 2440587.5) * 86400000) AS INTEGER),
  refreshed_ms = CAST(ROUND((julianday(COALESCE(refreshed_at, created_at)) - 2440587.5) * 86400000) AS INTEGER);
CREATE INDEX auth_sessions_by_created ON auth_sessions (created_ms);
CREATE INDEX auth_sessions_by_refreshed ON auth_sessions (refreshed_ms);

-- Refresh-token reuse interval: a rotated token remembers when it was rotated and its child (the
-- child's hash, and the child itself sealed with AES-GCM under a key derived from the Worker secret
-- and the parent token, erased once the interval has passed or the child rotates in turn).
ALTER TABLE auth_refresh_tokens ADD COLUMN revoked_ms INTEGER;
ALTER TABLE auth_refresh_tokens ADD COLUMN child_hash TEXT;
ALTER TABLE auth_refresh_tokens ADD COLUMN child_sealed TEXT;
CREATE INDEX auth_refresh_tokens_by_child ON auth_refresh_tokens (child_hash) WHERE child_hash IS NOT NULL;
CREATE INDEX auth_refresh_tokens_sealed ON auth_refresh_tokens (revoked_ms) WHERE child_sealed IS NOT NULL;

-- Expired one-time codes are deleted in bounded batches.
CREATE INDEX auth_otps_by_expiry ON auth_otps (expires_at);
