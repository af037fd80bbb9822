-- The seeded feature requests tell the truth about the product: the app has no dark theme, so
-- "Dark mode" is under review, not completed; sending money to a phone number works (to a person
-- who has joined), so that request is completed and says what was built.
UPDATE feature_requests SET status = 'under_review', updated_at = '2026-11-27T12:00:00.000Z' WHERE id = 'fr-seed-03';
UPDATE feature_requests
SET status = 'completed',
    description = 'Send dollars to a friend using only their phone number, without asking for a wallet address.',
    updated_at = '2026-11-27T12:00:00.000Z'
WHERE id = 'fr-seed-06';
