// SQL that tops the benchmark's D1 up to a number of rows: one account's transactions, and feature
// requests in total. Rows are generated inside SQLite by a recursive CTE (one statement per table),
// so 100,000 rows take about a second. created_at is spread one second apart, in the past, so the
// account's own newest rows stay first.
const q = (s) => `'${String(s).replace(/'/g, "''")}'`;

export function seedSql({ accountId, transactions, featureRequests }) {
  const acct = q(accountId);
  return `
WITH RECURSIVE n(i) AS (SELECT (SELECT COUNT(*) FROM transactions WHERE account_id = ${acct}) + 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${transactions}) INSERT INTO transactions (id, account_id, wallet_id, type, amount_usd, asset, network, asset_amount, status, tx_hash, offer_id, description, created_at, updated_at) SELECT printf('00000000-0000-4000-8000-%012d', i), ${acct}, NULL, CASE i % 3 WHEN 0 THEN 'deposit' WHEN 1 THEN 'withdrawal' ELSE 'transfer' END, (i * 7919) % 500000, 'USD', 'ach', NULL, CASE i % 10 WHEN 0 THEN 'PENDING' ELSE 'COMPLETED' END, NULL, NULL, 'Benchmark row ' || i, strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' seconds'), strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' seconds') FROM n WHERE i <= ${transactions};
WITH RECURSIVE n(i) AS (SELECT (SELECT COUNT(*) FROM feature_requests) + 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${featureRequests}) INSERT INTO feature_requests (id, author_id, title, description, category, is_anonymous, author_name, status, priority, upvotes, downvotes, created_at, updated_at) SELECT 'bench-fr-' || i, 'bench-author-' || (i % 500), 'Benchmark request ' || i, 'A generated feature request for the benchmark, number ' || i || '.', (SELECT name FROM feature_request_categories WHERE sort_order = 1 + i % 12), i % 7 = 0, 'Bench ' || (i % 500), CASE i % 6 WHEN 0 THEN 'submitted' WHEN 1 THEN 'under_review' WHEN 2 THEN 'planned' WHEN 3 THEN 'in_progress' WHEN 4 THEN 'completed' ELSE 'rejected' END, 'medium', (i * 31) % 97, (i * 17) % 13, strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' seconds'), strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' seconds') FROM n WHERE i <= ${featureRequests};
SELECT (SELECT COUNT(*) FROM transactions WHERE account_id = ${acct}) AS transactions, (SELECT COUNT(*) FROM feature_requests) AS feature_requests;
`.trimStart();
}
