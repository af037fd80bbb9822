-- On-ramp quotes of New Transaction: a locked quote is the price the customer was shown, kept for a
-- short while (expires_at) and used at most once. Executing one moves CC from the treasury to the
-- wallet's party in the same batch that marks it executed (guarded by status = 'locked' and
-- expires_at > now), so a quote is never recalculated and never spent twice. Money is exact: USD in
-- cents, CC in ledger units of 10^-10, the price and the rate as decimal text.
CREATE TABLE quotes (
  id TEXT PRIMARY KEY,                       -- a random uuid, the quote's one-time id
  user_id TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  wallet_id TEXT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  onramp_provider TEXT NOT NULL CHECK (onramp_provider IN ('usdc', 'apple_pay')),
  destination_asset TEXT NOT NULL CHECK (destination_asset = 'CC'),
  amount_usd_cents INTEGER NOT NULL CHECK (typeof(amount_usd_cents) = 'integer' AND amount_usd_cents BETWEEN 100 AND 5000),
  fee_usd_cents INTEGER NOT NULL CHECK (typeof(fee_usd_cents) = 'integer' AND fee_usd_cents >= 0),
  market_price TEXT NOT NULL,                -- USD per CC used, exact decimal text
  rate TEXT NOT NULL,                        -- CC per USD after the spread, exact decimal text
  net_destination_amount INTEGER NOT NULL CHECK (typeof(net_destination_amount) = 'integer' AND net_destination_amount > 0),
  status TEXT NOT NULL CHECK (status IN ('locked', 'executed', 'expired')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  executed_at TEXT,
  transaction_id TEXT
);
CREATE INDEX quotes_by_user ON quotes (user_id, created_at);

-- The deposit row a quote's execution writes names its quote.
ALTER TABLE transactions ADD COLUMN quote_id TEXT;

-- A new notification kind, quote_executed: the table is rebuilt because its kinds are a CHECK.
CREATE TABLE notifications_new (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('offer_received', 'offer_accepted', 'offer_rejected', 'offer_withdrawn', 'offer_expired', 'transfer_received', 'quote_executed')),
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
