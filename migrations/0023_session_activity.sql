-- Sessions you control (issue 18): what the BFF notes about each signed-in session it sees, for the
-- Security screen's list, in both modes (the embedded sign-in and a real Supabase project), and the
-- sessions a user ended from that list in production mode, whose tokens the BFF then refuses
-- (Supabase Auth has no API to end one other session by id). Times are epoch milliseconds.

-- One row per session, written by the BFF at most once a minute per session (src/worker/sessions).
CREATE TABLE session_activity (
  session_id TEXT PRIMARY KEY,                 -- the access token's session_id claim
  user_id TEXT NOT NULL,                       -- its sub
  user_agent TEXT NOT NULL DEFAULT '',         -- the last User-Agent seen, cut to 256 characters
  country TEXT,                                -- request.cf.country (ISO 3166-1 alpha-2) when the platform gives it
  first_seen_ms INTEGER NOT NULL,
  last_active_ms INTEGER NOT NULL
);
CREATE INDEX session_activity_by_user ON session_activity (user_id, last_active_ms);

-- Production mode only: sessions ended from the list; their access tokens are refused by the BFF.
CREATE TABLE ended_sessions (
  session_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  ended_ms INTEGER NOT NULL
);
CREATE INDEX ended_sessions_by_time ON ended_sessions (ended_ms);
