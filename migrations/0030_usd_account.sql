-- The USD account: a wallet of chain 'usd' (kind 'usd', one per account) holding dollars in integer
-- cents. Deposits (a simulated bank transfer or card) credit at once; a withdrawal to a bank account
-- the person added reserves its amount at once (available goes down) and stays pending until the
-- settlement job settles it, or the person cancels it (the amount returns). Every movement is one D1
-- batch with its transactions row, so what a wallet holds (available + pending withdrawals) always
-- equals its deposits minus its settled withdrawals.
CREATE UNIQUE INDEX wallets_one_usd ON wallets (account_id) WHERE kind = 'usd';

CREATE TABLE usd_balances (
  wallet_id TEXT PRIMARY KEY REFERENCES wallets (id) ON DELETE CASCADE,
  available_cents INTEGER NOT NULL DEFAULT 0 CHECK (typeof(available_cents) = 'integer' AND available_cents >= 0),
  updated_at TEXT NOT NULL
);

-- Bank accounts a person adds for withdrawals (simulated): only the account number's last 4 digits
-- and its SHA-256 are kept; the routing number is 9 digits with a valid ABA checksum.
CREATE TABLE usd_bank_accounts (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  holder_name TEXT NOT NULL,
  bank_name TEXT NOT NULL,
  account_last4 TEXT NOT NULL,
  account_hash TEXT NOT NULL,
  routing_number TEXT NOT NULL CHECK (length(routing_number) = 9),
  created_at TEXT NOT NULL
);
CREATE INDEX usd_bank_accounts_by_wallet ON usd_bank_accounts (wallet_id, created_at);

-- Movements: user_id is the person who made it (the monthly limit is a person's, over every wallet
-- of theirs); a cancelled movement no longer counts toward it.
CREATE TABLE usd_movements (
  id TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('deposit', 'withdrawal')),
  rail TEXT NOT NULL CHECK (rail IN ('bank', 'card')),
  amount_cents INTEGER NOT NULL CHECK (typeof(amount_cents) = 'integer' AND amount_cents > 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'settled', 'cancelled')),
  settle_at TEXT,
  settle_token TEXT,
  bank_account_id TEXT REFERENCES usd_bank_accounts (id),
  transaction_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  settled_at TEXT
);
CREATE INDEX usd_movements_by_wallet ON usd_movements (wallet_id, created_at);
CREATE INDEX usd_movements_by_user ON usd_movements (user_id, created_at);
CREATE INDEX usd_movements_due ON usd_movements (settle_at) WHERE status = 'pending';
CREATE INDEX usd_movements_by_token ON usd_movements (settle_token) WHERE settle_token IS NOT NULL;

-- The notification kinds gain the USD account's events (dollars credited, a withdrawal settled or
-- cancelled), keeping every earlier kind (0029's quote_executed too): SQLite cannot change a CHECK, so the table is rebuilt with its rows, index and trigger.
CREATE TABLE notifications_new (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('offer_received', 'offer_accepted', 'offer_rejected', 'offer_withdrawn', 'offer_expired', 'transfer_received',
    'quote_executed', 'usd_deposited', 'usd_withdrawal_settled', 'usd_withdrawal_cancelled')),
  transaction_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  read_at TEXT
);
INSERT INTO notifications_new (seq, id, user_id, kind, transaction_id, created_at, read_at)
  SELECT seq, id, user_id, kind, transaction_id, created_at, read_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_new RENAME TO notifications;
CREATE INDEX notifications_by_user ON notifications (user_id, seq);
CREATE INDEX notifications_unread ON notifications (user_id, seq) WHERE read_at IS NULL;
CREATE TRIGGER notifications_keep_newest AFTER INSERT ON notifications
BEGIN
  DELETE FROM notifications WHERE user_id = NEW.user_id
    AND seq <= (SELECT seq FROM notifications WHERE user_id = NEW.user_id ORDER BY seq DESC LIMIT 1 OFFSET 100);
END;
