-- Notifications stop being tied to a transaction and to a fixed list of kinds: an identity decision
-- (identity_approved, identity_rejected) moves no money, so transaction_id may be null and such a row
-- names its verification (verification_id) instead. The kinds are checked in code, against the
-- contract's one list (NOTIFICATION_KINDS, src/shared/schemas/notification.ts; every insert goes
-- through src/core/ledger/notify.ts), so a new kind needs no table rebuild after this last one. The
-- rows, their order (seq), the indexes and the keep-newest-100 trigger are kept.
CREATE TABLE notifications_new (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,     -- the order of events; "read through" compares it
  id TEXT NOT NULL UNIQUE,                   -- the public id (a uuid)
  user_id TEXT NOT NULL,
  kind TEXT NOT NULL,                        -- one of NOTIFICATION_KINDS
  transaction_id TEXT,                       -- the user's own transactions row of a money event
  verification_id TEXT,                      -- the identity verification an identity decision is about
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
