-- Person-to-person transfers (issue 17): a transfer offer may also end rejected (by its receiver) or
-- withdrawn (by its sender); a party may hold a transfer preapproval (Splice's TransferPreapproval:
-- incoming transfers settle at once, no offer); a transfer writes one transactions row for each side,
-- with its direction, the other party and, for a transfer that did not complete, why.

-- The status CHECK cannot be altered in SQLite: the table is rebuilt with its rows and indexes.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE ledger_transfer_offers_new (
  id TEXT PRIMARY KEY,                       -- contract id
  sender_party TEXT NOT NULL REFERENCES ledger_parties (party_id),
  receiver_party TEXT NOT NULL REFERENCES ledger_parties (party_id),
  instrument_id TEXT NOT NULL REFERENCES ledger_instruments (id),
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected', 'withdrawn', 'expired')),
  settle_token TEXT,                         -- the batch that accepted, rejected, withdrew or expired it
  transaction_id TEXT,                       -- the receiver's transactions row
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  settled_at TEXT
);
INSERT INTO ledger_transfer_offers_new (id, sender_party, receiver_party, instrument_id, amount, status, settle_token, transaction_id, expires_at, created_at, settled_at)
  SELECT id, sender_party, receiver_party, instrument_id, amount, status, settle_token, transaction_id, expires_at, created_at, settled_at
  FROM ledger_transfer_offers;
DROP TABLE ledger_transfer_offers;
ALTER TABLE ledger_transfer_offers_new RENAME TO ledger_transfer_offers;
CREATE INDEX ledger_offers_pending ON ledger_transfer_offers (receiver_party, expires_at) WHERE status = 'pending';
CREATE INDEX ledger_offers_by_receiver ON ledger_transfer_offers (receiver_party, created_at DESC);
CREATE INDEX ledger_offers_by_sender ON ledger_transfer_offers (sender_party, created_at DESC);
CREATE INDEX ledger_offers_by_token ON ledger_transfer_offers (settle_token) WHERE settle_token IS NOT NULL;
-- The offers lists (GET /wallets/canton/offers/{accountId}): a party's pending offers newest first.
CREATE INDEX ledger_offers_pending_incoming ON ledger_transfer_offers (receiver_party, created_at) WHERE status = 'pending';
CREATE INDEX ledger_offers_pending_outgoing ON ledger_transfer_offers (sender_party, created_at) WHERE status = 'pending';
-- The expiry job (the Cron Trigger): every lapsed pending offer, oldest expiry first.
CREATE INDEX ledger_offers_pending_by_expiry ON ledger_transfer_offers (expires_at) WHERE status = 'pending';

-- Transfer preapprovals: while one is live (expires_at in the future) transfers to the party settle
-- at once. 90 days, renewed when read or used with less than 30 days left; removing it turns it off.
CREATE TABLE ledger_transfer_preapprovals (
  receiver_party TEXT PRIMARY KEY REFERENCES ledger_parties (party_id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

-- Each side's row of a transfer: 'sent' (the sender's, negative amounts) or 'received'; NULL for the
-- other movements (the faucet's offers keep their one, received, row). counterparty_party names the
-- other party (NULL on older rows: the offer names it). status_reason says why a transfer is
-- CANCELLED (withdrawn, expired) or FAILED (rejected).
ALTER TABLE transactions ADD COLUMN direction TEXT CHECK (direction IS NULL OR direction IN ('sent', 'received'));
ALTER TABLE transactions ADD COLUMN counterparty_party TEXT;
ALTER TABLE transactions ADD COLUMN status_reason TEXT CHECK (status_reason IS NULL OR status_reason IN ('rejected', 'withdrawn', 'expired'));
