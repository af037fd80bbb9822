-- A new profile has no language of its own (NULL): the app follows the browser (es gives es, fr
-- gives fs, otherwise en) until the user picks one in Security, which then overrides it everywhere
-- (spec section 4). Before this, new profiles got 'en' and a Spanish browser was overridden.
PRAGMA defer_foreign_keys = ON;
CREATE TABLE profiles_new (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL DEFAULT '',
  language TEXT CHECK (language IS NULL OR language IN ('en', 'es', 'fs')),
  first_name TEXT,
  last_name TEXT,
  address TEXT,
  idv_id TEXT,
  idv_status TEXT,
  idv_created_at TEXT,
  idv_updated_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO profiles_new (id, name, language, first_name, last_name, address, idv_id, idv_status, idv_created_at, idv_updated_at, created_at, updated_at)
  SELECT id, name, language, first_name, last_name, address, idv_id, idv_status, idv_created_at, idv_updated_at, created_at, updated_at FROM profiles;
DROP TABLE profiles;
ALTER TABLE profiles_new RENAME TO profiles;
