-- Wallets and the simulated Canton ledger (spec sections 3 and 7, issue 5).
-- Amounts are INTEGER units of 10^-10 (Canton's Numeric 10): exact, summed by SQLite in int64,
-- always read back with CAST(... AS TEXT) so no JavaScript float ever holds one.

-- A statement `INSERT INTO batch_guard (reason) SELECT '<why>' WHERE <bad>` fails its whole D1 batch
-- (a batch is one SQL transaction) when <bad> holds: D1 has no interactive transactions, so this is
-- how a batch aborts itself when a racing request got there first. No row is ever stored.
CREATE TABLE batch_guard (
  reason TEXT,
  CONSTRAINT batch_guard_tripped CHECK (reason IS NULL)
);

-- Parties: `<hint>::1220<64 hex>`; the fingerprint is the SHA-256 multihash of the party's public key.
CREATE TABLE ledger_parties (
  party_id TEXT PRIMARY KEY,
  hint TEXT NOT NULL,
  fingerprint TEXT NOT NULL,                 -- '1220' || 64 hex
  public_key TEXT NOT NULL,                  -- raw Ed25519 public key, hex
  key_kind TEXT NOT NULL CHECK (key_kind IN ('hosted', 'external')),
  role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('issuer', 'treasury', 'user')),
  account_id TEXT,                           -- NULL for platform parties; no FK: ledger parties outlive accounts
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX ledger_parties_by_account ON ledger_parties (account_id);

CREATE TABLE ledger_instruments (
  id TEXT PRIMARY KEY,                       -- instrument id, e.g. CC
  name TEXT NOT NULL,
  issuer_party TEXT NOT NULL REFERENCES ledger_parties (party_id),
  decimals INTEGER NOT NULL DEFAULT 10,
  reference_price TEXT NOT NULL,             -- USD decimal; used only when digital_assets has no row
  logo_url TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Holdings are UTXO-like contracts: spending archives one (archived_at, archived_by) and creates new
-- ones; a holding that funds a pending transfer offer carries that offer in lock_offer_id.
CREATE TABLE ledger_holdings (
  contract_id TEXT PRIMARY KEY,
  owner_party TEXT NOT NULL REFERENCES ledger_parties (party_id),
  instrument_id TEXT NOT NULL REFERENCES ledger_instruments (id),
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  lock_offer_id TEXT,
  created_by TEXT NOT NULL,                  -- issuance:<id>, split:<offer>, change:<offer>, offer:<offer>
  archived_at TEXT,
  archived_by TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX ledger_holdings_active ON ledger_holdings (owner_party, instrument_id, amount) WHERE archived_at IS NULL;
CREATE INDEX ledger_holdings_by_lock ON ledger_holdings (lock_offer_id) WHERE lock_offer_id IS NOT NULL;
CREATE INDEX ledger_holdings_by_archiver ON ledger_holdings (archived_by) WHERE archived_by IS NOT NULL;

-- Minting: the only way the total amount of an instrument changes.
CREATE TABLE ledger_issuances (
  id TEXT PRIMARY KEY,
  instrument_id TEXT NOT NULL REFERENCES ledger_instruments (id),
  to_party TEXT NOT NULL REFERENCES ledger_parties (party_id),
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  created_at TEXT NOT NULL
);

-- Transfer offers (Splice TransferOffer): the receiver must accept before the holding moves.
CREATE TABLE ledger_transfer_offers (
  id TEXT PRIMARY KEY,                       -- contract id
  sender_party TEXT NOT NULL REFERENCES ledger_parties (party_id),
  receiver_party TEXT NOT NULL REFERENCES ledger_parties (party_id),
  instrument_id TEXT NOT NULL REFERENCES ledger_instruments (id),
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'expired')),
  settle_token TEXT,                         -- the batch that accepted or expired it
  transaction_id TEXT,                       -- the receiver's transactions row
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  settled_at TEXT
);
CREATE INDEX ledger_offers_pending ON ledger_transfer_offers (receiver_party, expires_at) WHERE status = 'pending';
CREATE INDEX ledger_offers_by_receiver ON ledger_transfer_offers (receiver_party, created_at DESC);
CREATE INDEX ledger_offers_by_sender ON ledger_transfer_offers (sender_party, created_at DESC);
CREATE INDEX ledger_offers_by_token ON ledger_transfer_offers (settle_token) WHERE settle_token IS NOT NULL;

-- Wallets of an account. chain canton: address is the party id. kind digital_asset is the account's
-- platform-hosted Canton wallet (at most one); self_custody waits for the prepare/complete key flow.
CREATE TABLE wallets (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('digital_asset', 'internal', 'external', 'self_custody', 'usd', 'brokerage')),
  chain TEXT NOT NULL,
  vendor TEXT NOT NULL,
  address TEXT,
  label TEXT NOT NULL DEFAULT '',
  network TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX wallets_one_digital_asset ON wallets (account_id) WHERE kind = 'digital_asset';
CREATE UNIQUE INDEX wallets_unique_address ON wallets (account_id, chain, address) WHERE address IS NOT NULL;
CREATE INDEX wallets_by_account ON wallets (account_id, created_at);
CREATE INDEX wallets_by_address ON wallets (address) WHERE address IS NOT NULL;

-- Pending external-party onboarding (POST /wallets/canton/prepare, then /complete).
CREATE TABLE canton_onboarding (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  public_key TEXT NOT NULL,                  -- hex
  fingerprint TEXT NOT NULL,
  multi_hash TEXT NOT NULL,                  -- hex of the bytes the client signs
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX canton_onboarding_by_user ON canton_onboarding (user_id, public_key);

-- The platform: the Canton Coin issuer (the DSO party) and the app's treasury, which starts with
-- 10 holdings of 1,000,000 CC (1 CC = 10^10 units).
INSERT INTO ledger_parties (party_id, hint, fingerprint, public_key, key_kind, role) VALUES
  ('DSO::12207a05c5ee7b05767b0ee3f061aea03918443b112b0848b4e67b96dd286b24780f', 'DSO',
   '12207a05c5ee7b05767b0ee3f061aea03918443b112b0848b4e67b96dd286b24780f',
   '7a05c5ee7b05767b0ee3f061aea03918443b112b0848b4e67b96dd286b24780f', 'hosted', 'issuer'),
  ('dolar-treasury::12202caa36aa252c702c7490a4bf05a4fd0b1afb4596902a7d61862a3abc5c4160de', 'dolar-treasury',
   '12202caa36aa252c702c7490a4bf05a4fd0b1afb4596902a7d61862a3abc5c4160de',
   '2caa36aa252c702c7490a4bf05a4fd0b1afb4596902a7d61862a3abc5c4160de', 'hosted', 'treasury');

INSERT INTO ledger_instruments (id, name, issuer_party, decimals, reference_price, logo_url) VALUES
  ('CC', 'Canton Coin', 'DSO::12207a05c5ee7b05767b0ee3f061aea03918443b112b0848b4e67b96dd286b24780f', 10, '0.15', NULL);

INSERT INTO ledger_issuances (id, instrument_id, to_party, amount, created_at) VALUES
  ('genesis', 'CC', 'dolar-treasury::12202caa36aa252c702c7490a4bf05a4fd0b1afb4596902a7d61862a3abc5c4160de',
   100000000000000000, '2025-05-01T00:00:00.000Z');

WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)
INSERT INTO ledger_holdings (contract_id, owner_party, instrument_id, amount, created_by, created_at)
SELECT '00' || lower(hex(randomblob(32))),
       'dolar-treasury::12202caa36aa252c702c7490a4bf05a4fd0b1afb4596902a7d61862a3abc5c4160de',
       'CC', 10000000000000000, 'issuance:genesis', '2025-05-01T00:00:00.000Z'
FROM n;
