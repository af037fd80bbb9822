// Support tickets and comments. A ticket is visible to its owner and to the agent assigned to it
// (an agent is a support_agents row; one linked to a user id acts through the API). Owners edit
// their own tickets and may only close them; a closed ticket is final and read-only (no edit, no
// comment from anyone: 409; a follow-up is a new ticket), checked in the same statement as the write
// so a change racing the close cannot land after it; internal comments come only from the assigned agent
// and are never shown to the owner. High and urgent tickets are assigned to the on-duty agent on
// creation, who acknowledges them with a public comment and leaves an internal triage note.
import { newId, nowIso } from '../../platform/primitives';
import { fail } from '../db';

export const ON_DUTY_AGENT_ID = 'agent-sofia-ramirez';

interface TicketRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  category: 'general' | 'technical' | 'billing' | 'account' | 'bug_report';
  priority: 'low' | 'medium' | 'high' | 'urgent';
  status: 'open' | 'in_progress' | 'resolved' | 'closed';
  assigned_agent_id: string | null;
  agent_name: string | null;
  agent_user_id: string | null;
  comment_count: number;
  created_at: string;
  updated_at: string;
}

const TICKET_SELECT = `SELECT t.id, t.user_id, t.title, t.description, t.category, t.priority, t.status, t.assigned_agent_id,
    a.name AS agent_name, a.user_id AS agent_user_id, t.created_at, t.updated_at,
    (SELECT COUNT(*) FROM support_ticket_comments c WHERE c.ticket_id = t.id AND c.is_internal = 0) AS comment_count
  FROM support_tickets t LEFT JOIN support_agents a ON a.id = t.assigned_agent_id`;

const toTicket = (r: TicketRow) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  category: r.category,
  priority: r.priority,
  status: r.status,
  assigned_agent: r.assigned_agent_id ? { id: r.assigned_agent_id, name: r.agent_name ?? 'Support' } : null,
  comment_count: r.comment_count,
  created_at: r.created_at,
  updated_at: r.updated_at,
});
export type Ticket = ReturnType<typeof toTicket>;

interface CommentRow {
  id: string;
  ticket_id: string;
  content: string;
  is_internal: number;
  author_name: string;
  author_agent_id: string | null;
  created_at: string;
}
const toComment = (r: CommentRow) => ({
  id: r.id,
  ticket_id: r.ticket_id,
  content: r.content,
  is_internal: r.is_internal === 1,
  created_at: r.created_at,
  author: { name: r.author_name, is_agent: r.author_agent_id !== null },
});
export type TicketComment = ReturnType<typeof toComment>;

/** The ticket and the caller's role on it; 404 when the caller is neither owner nor assigned agent. */
async function visibleTicket(db: D1Database, userId: string, id: string) {
  const row = await db.prepare(`${TICKET_SELECT} WHERE t.id = ?`).bind(id).first<TicketRow>();
  if (row && row.user_id === userId) return { row, role: 'owner' as const };
  if (row && row.agent_user_id !== null && row.agent_user_id === userId) return { row, role: 'agent' as const };
  return fail(404, 'Ticket not found');
}

/** The answer to any change of a closed ticket (visible to the caller, so not a 404). */
function closedTicket(): never {
  fail(409, 'This ticket is closed and can no longer be changed; create a new ticket if you need more help', 'ticket_closed');
}

async function userDisplayName(db: D1Database, userId: string): Promise<string> {
  const p = await db
    .prepare('SELECT name, first_name, last_name FROM profiles WHERE id = ?')
    .bind(userId)
    .first<{ name: string; first_name: string | null; last_name: string | null }>();
  const full = [p?.first_name, p?.last_name].filter(Boolean).join(' ').trim();
  return full || p?.name?.trim() || 'User';
}

export async function createTicket(
  db: D1Database,
  userId: string,
  body: { title: string; description: string; category: TicketRow['category']; priority: TicketRow['priority'] },
): Promise<Ticket> {
  const id = newId();
  const now = nowIso();
  const assign = body.priority === 'high' || body.priority === 'urgent';
  const stmts = [
    db
      .prepare(
        `INSERT INTO support_tickets (id, user_id, title, description, category, priority, status, assigned_agent_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'open', (SELECT id FROM support_agents WHERE id = ?), ?, ?)`,
      )
      .bind(id, userId, body.title, body.description, body.category, body.priority, assign ? ON_DUTY_AGENT_ID : null, now, now),
  ];
  if (assign) {
    const later = new Date(Date.parse(now) + 1).toISOString();
    const agentComment = (content: string, internal: 0 | 1) =>
      db
        .prepare(
          `INSERT INTO support_ticket_comments (id, ticket_id, author_agent_id, author_name, content, is_internal, created_at)
           SELECT ?, ?, id, name, ?, ?, ? FROM support_agents WHERE id = ?`,
        )
        .bind(newId(), id, content, internal, later, ON_DUTY_AGENT_ID);
    stmts.push(
      agentComment(`Thanks for reaching out. I have your ${body.priority}-priority request and I'm looking into it now.`, 0),
      agentComment(`Auto-triage: ${body.priority} ${body.category} ticket, assigned on creation.`, 1),
    );
  }
  await db.batch(stmts);
  return await getTicket(db, userId, id);
}

export async function listTickets(db: D1Database, userId: string, page: { limit: number; offset: number }): Promise<Ticket[]> {
  const { results } = await db
    .prepare(`${TICKET_SELECT} WHERE t.user_id = ? ORDER BY t.created_at DESC, t.rowid DESC LIMIT ? OFFSET ?`)
    .bind(userId, page.limit, page.offset)
    .all<TicketRow>();
  return results.map(toTicket);
}

export async function getTicket(db: D1Database, userId: string, id: string): Promise<Ticket> {
  return toTicket((await visibleTicket(db, userId, id)).row);
}

export async function updateTicket(
  db: D1Database,
  userId: string,
  id: string,
  body: Partial<Pick<TicketRow, 'title' | 'description' | 'category' | 'priority' | 'status'>>,
): Promise<Ticket> {
  const { role } = await visibleTicket(db, userId, id);
  if (role !== 'owner') fail(404, 'Ticket not found');
  if (body.status !== undefined && body.status !== 'closed') fail(403, 'You can only close a ticket; support changes its other statuses');
  const fields = (['title', 'description', 'category', 'priority', 'status'] as const).filter((k) => body[k] !== undefined);
  const result = await db
    .prepare(
      `UPDATE support_tickets SET ${fields.map((k) => `${k} = ?`).join(', ')}, updated_at = ?
       WHERE id = ? AND user_id = ? AND status <> 'closed'`,
    )
    .bind(...fields.map((k) => body[k]!), nowIso(), id, userId)
    .run();
  if (!result.meta.changes) closedTicket();
  return getTicket(db, userId, id);
}

export async function listComments(db: D1Database, userId: string, ticketId: string): Promise<TicketComment[]> {
  const { role } = await visibleTicket(db, userId, ticketId);
  const { results } = await db
    .prepare(
      `SELECT id, ticket_id, content, is_internal, author_name, author_agent_id, created_at FROM support_ticket_comments
       WHERE ticket_id = ? ${role === 'owner' ? 'AND is_internal = 0' : ''} ORDER BY created_at, rowid`,
    )
    .bind(ticketId)
    .all<CommentRow>();
  return results.map(toComment);
}

export async function createComment(db: D1Database, userId: string, ticketId: string, body: { content: string; is_internal: boolean }): Promise<TicketComment> {
  const { row, role } = await visibleTicket(db, userId, ticketId);
  if (body.is_internal && role !== 'agent') fail(403, 'Only support agents can post internal comments');
  if (row.status === 'closed') closedTicket();
  const id = newId();
  const now = nowIso();
  // INSERT ... SELECT from the ticket while it is not closed: a comment racing the close is refused.
  const stmt =
    role === 'agent'
      ? db
          .prepare(
            `INSERT INTO support_ticket_comments (id, ticket_id, author_agent_id, author_name, content, is_internal, created_at)
             SELECT ?, id, ?, ?, ?, ?, ? FROM support_tickets WHERE id = ? AND status <> 'closed'`,
          )
          .bind(id, row.assigned_agent_id, row.agent_name ?? 'Support', body.content, body.is_internal ? 1 : 0, now, ticketId)
      : db
          .prepare(
            `INSERT INTO support_ticket_comments (id, ticket_id, author_user_id, author_name, content, is_internal, created_at)
             SELECT ?, id, ?, ?, ?, 0, ? FROM support_tickets WHERE id = ? AND status <> 'closed'`,
          )
          .bind(id, userId, await userDisplayName(db, userId), body.content, now, ticketId);
  const [inserted] = await db.batch([stmt, db.prepare(`UPDATE support_tickets SET updated_at = ? WHERE id = ? AND status <> 'closed'`).bind(now, ticketId)]);
  if (!inserted?.meta.changes) closedTicket();
  return toComment({
    id,
    ticket_id: ticketId,
    content: body.content,
    is_internal: role === 'agent' && body.is_internal ? 1 : 0,
    author_name: role === 'agent' ? (row.agent_name ?? 'Support') : await userDisplayName(db, userId),
    author_agent_id: role === 'agent' ? row.assigned_agent_id : null,
    created_at: now,
  });
}
