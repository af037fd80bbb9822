-- Seed data: the on-duty support agent (assigned to high and urgent tickets on creation) and a
-- dozen community feature requests across statuses and categories, with votes from sample users.
-- Counts are recomputed from the votes at the end, as every vote change does.
INSERT INTO support_agents (id, user_id, name, email) VALUES
  ('agent-sofia-ramirez', NULL, 'Sofía Ramírez', 'sofia.ramirez@support.dolar.example');

INSERT INTO feature_requests (id, author_id, title, description, category, is_anonymous, author_name, status, priority, created_at, updated_at) VALUES
  ('fr-seed-01', 'seed-user-01', 'Recurring USD deposits', 'Let me schedule a weekly or monthly deposit from my bank so my savings grow without me remembering.', 'Payments', 0, 'Lucía M.', 'planned', 'high', '2026-03-02T14:10:00.000Z', '2026-04-11T09:00:00.000Z'),
  ('fr-seed-02', 'seed-user-02', 'Face ID and fingerprint login', 'Unlock the app with biometrics instead of waiting for an SMS code every time I open it.', 'Security', 0, 'Diego R.', 'in_progress', 'critical', '2026-02-18T10:25:00.000Z', '2026-04-20T16:30:00.000Z'),
  ('fr-seed-03', 'seed-user-03', 'Dark mode', 'A dark theme for the web and mobile app, following the system setting, easier on the eyes at night.', 'UI/UX', 0, 'Camila T.', 'completed', 'medium', '2026-01-09T21:40:00.000Z', '2026-03-28T12:00:00.000Z'),
  ('fr-seed-04', 'seed-user-04', 'Price alerts for stocks and crypto', 'Notify me when an asset I follow moves more than a percentage I choose, or crosses a price.', 'Notifications', 0, 'Mateo G.', 'under_review', 'medium', '2026-03-15T08:05:00.000Z', '2026-03-20T08:05:00.000Z'),
  ('fr-seed-05', 'seed-user-05', 'Fractional shares for ETFs', 'Buy ETFs with any dollar amount, like 10 USD of an S&P 500 fund, instead of whole shares only.', 'Trading', 1, '', 'planned', 'high', '2026-02-27T17:45:00.000Z', '2026-04-02T10:10:00.000Z'),
  ('fr-seed-06', 'seed-user-06', 'Send money to a phone number', 'Send dollars to a friend using only their phone number, even if they have not joined yet.', 'Payments', 0, 'Valentina P.', 'submitted', 'high', '2026-04-03T12:30:00.000Z', '2026-04-03T12:30:00.000Z'),
  ('fr-seed-07', 'seed-user-07', 'Portuguese language', 'Add Portuguese so family members in Brazil can use the app in their own language.', 'Localization', 0, 'João S.', 'under_review', 'medium', '2026-03-22T19:00:00.000Z', '2026-04-01T09:45:00.000Z'),
  ('fr-seed-08', 'seed-user-08', 'Export statements as PDF and CSV', 'Download monthly statements and the transaction history for taxes and my accountant.', 'Web', 0, 'Sebastián L.', 'submitted', 'low', '2026-04-08T07:15:00.000Z', '2026-04-08T07:15:00.000Z'),
  ('fr-seed-09', 'seed-user-09', 'Faster market screen on slow networks', 'The market table takes long to load on 3G. Cache prices and show what is known right away.', 'Performance', 0, 'Isabella C.', 'in_progress', 'medium', '2026-02-05T13:20:00.000Z', '2026-04-15T11:00:00.000Z'),
  ('fr-seed-10', 'seed-user-10', 'Connect a MetaMask wallet', 'Link an external Ethereum wallet to see its balances next to my Canton wallet.', 'Integration', 0, 'Andrés V.', 'rejected', 'low', '2026-01-21T16:00:00.000Z', '2026-02-10T15:00:00.000Z'),
  ('fr-seed-11', 'seed-user-11', 'Stake Canton Coin from the wallet', 'Earn rewards on the CC I hold without moving it to another platform.', 'Digital Assets', 1, '', 'submitted', 'medium', '2026-04-12T22:10:00.000Z', '2026-04-12T22:10:00.000Z'),
  ('fr-seed-12', 'seed-user-12', 'Home screen widget with my balance', 'A small phone widget that shows my total balance and today''s change at a glance.', 'Mobile', 0, 'Gabriela F.', 'submitted', 'low', '2026-04-14T09:50:00.000Z', '2026-04-14T09:50:00.000Z');

-- Votes: request i gets up_i upvotes and down_i downvotes from distinct sample users.
WITH RECURSIVE
  n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40),
  plan (fr, up, down) AS (VALUES
    ('fr-seed-01', 31, 2), ('fr-seed-02', 38, 1), ('fr-seed-03', 27, 4), ('fr-seed-04', 18, 3),
    ('fr-seed-05', 24, 6), ('fr-seed-06', 22, 2), ('fr-seed-07', 12, 5), ('fr-seed-08', 9, 1),
    ('fr-seed-09', 15, 0), ('fr-seed-10', 4, 11), ('fr-seed-11', 7, 3), ('fr-seed-12', 5, 2))
INSERT INTO feature_request_votes (feature_request_id, user_id, vote_type, created_at, updated_at)
SELECT plan.fr, printf('seed-voter-%02d', n.i),
       CASE WHEN n.i <= plan.up THEN 'upvote' ELSE 'downvote' END,
       '2026-04-15T00:00:00.000Z', '2026-04-15T00:00:00.000Z'
FROM plan JOIN n ON n.i <= plan.up + plan.down;

UPDATE feature_requests SET
  upvotes = (SELECT COUNT(*) FROM feature_request_votes v WHERE v.feature_request_id = feature_requests.id AND v.vote_type = 'upvote'),
  downvotes = (SELECT COUNT(*) FROM feature_request_votes v WHERE v.feature_request_id = feature_requests.id AND v.vote_type = 'downvote')
WHERE id LIKE 'fr-seed-%';
