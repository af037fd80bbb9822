-- Notifications: one row per user per money event of an account they belong to (an offer received,
-- accepted, rejected, withdrawn or expired; a transfer received at once), written in the same batch
-- as the movement, with its read state. The amounts and the other party are the transaction's
-- (transaction_id): the row says only what happened to whom and whether they have seen it.
CREATE TABLE notifications (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,     -- the order of events; "read through" compares it
  id TEXT NOT NULL UNIQUE,                   -- the public id (a uuid)
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('offer_received', 'offer_accepted', 'offer_rejected', 'offer_withdrawn', 'offer_expired', 'transfer_received')),
  transaction_id TEXT NOT NULL,              -- the user's own transactions row of the event
  created_at TEXT NOT NULL,
  read_at TEXT
);
CREATE INDEX notifications_by_user ON notifications (user_id, seq);
CREATE INDEX notifications_unread ON notifications (user_id, seq) WHERE read_at IS NULL;

-- A user keeps their newest 100 notifications: each insert prunes the older ones in the same write.
CREATE TRIGGER notifications_keep_newest AFTER INSERT ON notifications
BEGIN
  DELETE FROM notifications WHERE user_id = NEW.user_id
    AND seq <= (SELECT seq FROM notifications WHERE user_id = NEW.user_id ORDER BY seq DESC LIMIT 1 OFFSET 100);
END;
