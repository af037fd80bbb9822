-- Recurring buys: a dollar amount of one symbol bought on a schedule (daily, weekly, every two weeks,
-- monthly) from a start date, by the order engine (src/core/brokerage/recurring.ts, run by the app
-- clock). Money is integer cents; dates are New York calendar dates (YYYY-MM-DD).
CREATE TABLE recurring_buys (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,                     -- who made it: its runs place orders as this person
  account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  symbol TEXT NOT NULL,
  notional_cents INTEGER NOT NULL CHECK (typeof(notional_cents) = 'integer' AND notional_cents >= 100),
  frequency TEXT NOT NULL CHECK (frequency IN ('daily', 'weekly', 'biweekly', 'monthly')),
  start_date TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'paused')),
  next_run_date TEXT,                        -- the date of the next run while active; NULL while paused
  last_run_date TEXT,                        -- the date of the last run (placed or skipped)
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((status = 'active') = (next_run_date IS NOT NULL))
);
CREATE INDEX recurring_buys_by_account ON recurring_buys (account_id, created_at);
-- The clock's due plans: the earliest next run of the active ones.
CREATE INDEX recurring_buys_due ON recurring_buys (next_run_date) WHERE status = 'active';

-- Each run of a plan, placed (its order) or skipped (why): one per plan and date, so a repeated or
-- racing run of the same date writes nothing twice. Kept when the plan is deleted (its order and its
-- notification still name it).
CREATE TABLE recurring_runs (
  id TEXT PRIMARY KEY,
  plan_id TEXT NOT NULL,
  run_date TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('placed', 'skipped')),
  order_id TEXT,
  reason TEXT,                               -- skipped: the engine's refusal code
  symbol TEXT NOT NULL,
  notional_cents INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (plan_id, run_date)
);

-- A skipped run's notification names its run (the symbol and amount it would have bought).
ALTER TABLE notifications ADD COLUMN recurring_run_id TEXT;
