-- The offers lists (GET /wallets/canton/offers/{accountId}) are paged largest amount first, then
-- newest first, so a flood of small offers never pushes a large one off the first page. `amount` is
-- the INTEGER count of ledger units (10^-10 CC), so the index orders it exactly and numerically.
-- These replace the lists' newest-first indexes, which nothing else reads.
DROP INDEX IF EXISTS ledger_offers_pending_incoming;
DROP INDEX IF EXISTS ledger_offers_pending_outgoing;
CREATE INDEX ledger_offers_pending_in_by_amount ON ledger_transfer_offers (receiver_party, amount DESC, created_at DESC, id DESC) WHERE status = 'pending';
CREATE INDEX ledger_offers_pending_out_by_amount ON ledger_transfer_offers (sender_party, amount DESC, created_at DESC, id DESC) WHERE status = 'pending';
