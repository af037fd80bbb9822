-- Idempotency-Key replay for money movement: the first successful answer per (user, key) is
-- stored in the same D1 batch as the movement itself, so a key is never half-used.
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL,
  key TEXT NOT NULL,
  route TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
