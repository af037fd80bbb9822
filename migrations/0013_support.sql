-- Support tickets and comments (spec sections 3 and 7). Agents are data: a support_agents row,
-- optionally linked to a signed-in user (user_id) who may then post internal comments on the
-- tickets assigned to them. Internal comments are never shown to the ticket's owner.
CREATE TABLE support_agents (
  id TEXT PRIMARY KEY,
  user_id TEXT UNIQUE,
  name TEXT NOT NULL,
  email TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE support_tickets (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL DEFAULT 'general' CHECK (category IN ('general', 'technical', 'billing', 'account', 'bug_report')),
  priority TEXT NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
  assigned_agent_id TEXT REFERENCES support_agents (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX support_tickets_by_user ON support_tickets (user_id, created_at);
CREATE INDEX support_tickets_by_agent ON support_tickets (assigned_agent_id, created_at DESC) WHERE assigned_agent_id IS NOT NULL;

CREATE TABLE support_ticket_comments (
  id TEXT PRIMARY KEY,
  ticket_id TEXT NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  author_user_id TEXT,                       -- the ticket's user (NULL when an agent wrote it)
  author_agent_id TEXT REFERENCES support_agents (id) ON DELETE SET NULL,
  author_name TEXT NOT NULL,
  content TEXT NOT NULL,
  is_internal INTEGER NOT NULL DEFAULT 0 CHECK (is_internal IN (0, 1)),
  created_at TEXT NOT NULL,
  CHECK (author_user_id IS NOT NULL OR author_agent_id IS NOT NULL),
  CHECK (is_internal = 0 OR author_agent_id IS NOT NULL)
);
CREATE INDEX support_ticket_comments_by_ticket ON support_ticket_comments (ticket_id, created_at, id);
