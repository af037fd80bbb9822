-- Identity verification: each submission of a person (their profile, keyed by the user id), decided
-- at once or after a review (decide_at, the app's clock decides it then). The document number is
-- never stored: only its last 4 characters and a SHA-256 hash. The profile's idv_* columns point at
-- the latest submission and carry its status, written in the same batch.
CREATE TABLE identity_verifications (
  id TEXT PRIMARY KEY,                       -- uuid, profiles.idv_id
  user_id TEXT NOT NULL REFERENCES profiles (id),
  first_name TEXT NOT NULL,                  -- legal names as on the document
  last_name TEXT NOT NULL,
  date_of_birth TEXT NOT NULL,               -- YYYY-MM-DD
  country TEXT NOT NULL CHECK (length(country) = 2),   -- ISO 3166-1 alpha-2
  document_type TEXT NOT NULL CHECK (document_type IN ('passport', 'national_id', 'driver_license')),
  document_last4 TEXT NOT NULL,
  document_hash TEXT NOT NULL,               -- sha256 of the normalised number, hex
  consent_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  reason TEXT CHECK (reason IS NULL OR reason IN ('document_unreadable', 'name_mismatch', 'document_expired')),
  decide_at TEXT,                            -- pending review: when the clock decides it
  decided_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX identity_verifications_by_user ON identity_verifications (user_id, created_at);
-- At most one submission per person that is pending or approved, however requests race.
CREATE UNIQUE INDEX identity_verifications_one_live ON identity_verifications (user_id) WHERE status IN ('pending', 'approved');
-- The review job's due rows.
CREATE INDEX identity_verifications_due ON identity_verifications (decide_at) WHERE status = 'pending';
