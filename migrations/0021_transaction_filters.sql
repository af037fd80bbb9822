-- Transaction filters (issue 18): a list filtered by type or by status is read backwards from its own
-- index, newest first with no sort step (rowid, the tie-break, is the index's implicit last column),
-- so a filtered page costs the same at 100 rows or 100,000. Date ranges use the existing
-- (account_id, created_at) index; a search (hash prefix, counterparty substring) scans one account's rows.
CREATE INDEX transactions_by_account_type ON transactions (account_id, type, created_at);
CREATE INDEX transactions_by_account_status ON transactions (account_id, status, created_at);
