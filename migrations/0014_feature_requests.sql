-- Community feature requests with one vote per user per request. upvotes/downvotes are recounted
-- from feature_request_votes in the same D1 batch as every vote change, and total_score is a
-- generated column, so total_score = upvotes - downvotes holds by construction.
CREATE TABLE feature_request_categories (
  id TEXT PRIMARY KEY,                       -- slug
  name TEXT NOT NULL UNIQUE,                 -- what requests store and clients send
  sort_order INTEGER NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('spec', 'server'))
);
INSERT INTO feature_request_categories (id, name, sort_order, source) VALUES
  ('ui_ux', 'UI/UX', 1, 'spec'), ('trading', 'Trading', 2, 'spec'), ('security', 'Security', 3, 'spec'),
  ('mobile', 'Mobile', 4, 'spec'), ('web', 'Web', 5, 'spec'), ('performance', 'Performance', 6, 'spec'),
  ('integration', 'Integration', 7, 'spec'), ('other', 'Other', 8, 'spec'),
  ('payments', 'Payments', 9, 'server'), ('digital_assets', 'Digital Assets', 10, 'server'),
  ('notifications', 'Notifications', 11, 'server'), ('localization', 'Localization', 12, 'server');

CREATE TABLE feature_requests (
  id TEXT PRIMARY KEY,
  author_id TEXT NOT NULL,
  title TEXT NOT NULL CHECK (length(title) BETWEEN 5 AND 200),
  description TEXT NOT NULL CHECK (length(description) BETWEEN 10 AND 2000),
  category TEXT REFERENCES feature_request_categories (name),
  is_anonymous INTEGER NOT NULL DEFAULT 0 CHECK (is_anonymous IN (0, 1)),
  author_name TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'under_review', 'planned', 'in_progress', 'completed', 'rejected')),
  priority TEXT NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'critical')),
  upvotes INTEGER NOT NULL DEFAULT 0 CHECK (upvotes >= 0),
  downvotes INTEGER NOT NULL DEFAULT 0 CHECK (downvotes >= 0),
  total_score INTEGER GENERATED ALWAYS AS (upvotes - downvotes) STORED,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX feature_requests_by_score ON feature_requests (total_score, created_at);
CREATE INDEX feature_requests_by_created ON feature_requests (created_at);
CREATE INDEX feature_requests_by_status ON feature_requests (status, total_score);
CREATE INDEX feature_requests_by_category ON feature_requests (category, total_score);
CREATE INDEX feature_requests_by_author ON feature_requests (author_id);

CREATE TABLE feature_request_votes (
  feature_request_id TEXT NOT NULL REFERENCES feature_requests (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  vote_type TEXT NOT NULL CHECK (vote_type IN ('upvote', 'downvote')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (feature_request_id, user_id)
);
CREATE INDEX feature_request_votes_by_type ON feature_request_votes (feature_request_id, vote_type);
