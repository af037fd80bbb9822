import { describe, expect, it } from 'vitest';
import { ON_DUTY_AGENT_ID } from '../../../src/core/support/support';
import { coreJson, createUser, db, scalar } from '../fixtures';

const ticket = (over: Record<string, unknown> = {}) => ({ title: 'Card declined', description: 'My deposit failed twice today.', ...over });

describe('support tickets', () => {
  it('creates a ticket with trimmed text and the default category and priority', async () => {
    const { userId } = await createUser();
    const { status, body } = await coreJson(userId, '/support/tickets', { body: { title: '  Login issue  ', description: '  Code never arrives \n' } });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      title: 'Login issue',
      description: 'Code never arrives',
      category: 'general',
      priority: 'medium',
      status: 'open',
      assigned_agent: null,
    });
  });

  it.each([
    ['a blank title', { title: '   ' }],
    ['no description', { description: undefined }],
    ['an unknown category', { category: 'complaints' }],
    ['an unknown priority', { priority: 'asap' }],
  ])('answers 400 for %s and stores nothing', async (_what, over) => {
    const { userId } = await createUser();
    const { status, body } = await coreJson(userId, '/support/tickets', { body: ticket(over) });
    expect(status).toBe(400);
    expect(typeof body.message).toBe('string');
    expect(await scalar('SELECT COUNT(*) FROM support_tickets WHERE user_id = ?', userId)).toBe(0);
  });

  it('lists only the own tickets, newest first', async () => {
    const { userId } = await createUser();
    const other = await createUser();
    await coreJson(other.userId, '/support/tickets', { body: ticket() });
    for (const title of ['First one', 'Second one', 'Third one']) await coreJson(userId, '/support/tickets', { body: ticket({ title }) });
    const { body } = await coreJson(userId, '/support/tickets');
    expect(body.data.map((t: { title: string }) => t.title)).toEqual(['Third one', 'Second one', 'First one']);
  });

  it("answers 404 for another user's ticket on get, update and comments", async () => {
    const owner = await createUser();
    const other = await createUser();
    const t = (await coreJson(owner.userId, '/support/tickets', { body: ticket() })).body.data;
    expect((await coreJson(other.userId, `/support/tickets/${t.id}`)).status).toBe(404);
    expect((await coreJson(other.userId, `/support/tickets/${t.id}`, { method: 'PUT', body: { title: 'Hijacked' } })).status).toBe(404);
    expect((await coreJson(other.userId, `/support/tickets/${t.id}/comments`)).status).toBe(404);
    expect((await coreJson(other.userId, `/support/tickets/${t.id}/comments`, { body: { content: 'hi' } })).status).toBe(404);
    expect(await scalar('SELECT title FROM support_tickets WHERE id = ?', t.id)).toBe('Card declined');
  });

  it('lets the owner edit title, description, category and priority, and close the ticket', async () => {
    const { userId } = await createUser();
    const t = (await coreJson(userId, '/support/tickets', { body: ticket() })).body.data;
    const edited = await coreJson(userId, `/support/tickets/${t.id}`, {
      method: 'PUT',
      body: { title: ' Card declined again ', category: 'billing', priority: 'low', description: 'Third time now.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ title: 'Card declined again', category: 'billing', priority: 'low', description: 'Third time now.' });
    const closed = await coreJson(userId, `/support/tickets/${t.id}`, { method: 'PUT', body: { status: 'closed' } });
    expect(closed.body.data.status).toBe('closed');
  });

  it('refuses any status but closed from the owner with 403, changing nothing', async () => {
    const { userId } = await createUser();
    const t = (await coreJson(userId, '/support/tickets', { body: ticket() })).body.data;
    const { status } = await coreJson(userId, `/support/tickets/${t.id}`, { method: 'PUT', body: { status: 'resolved', title: 'Sneaky edit' } });
    expect(status).toBe(403);
    expect(await scalar('SELECT status || title FROM support_tickets WHERE id = ?', t.id)).toBe('openCard declined');
  });

  it('answers 400 for an empty update', async () => {
    const { userId } = await createUser();
    const t = (await coreJson(userId, '/support/tickets', { body: ticket() })).body.data;
    expect((await coreJson(userId, `/support/tickets/${t.id}`, { method: 'PUT', body: {} })).status).toBe(400);
  });
});

describe('ticket comments and agents', () => {
  it('adds and lists the owner comments with the author name and no Agent badge', async () => {
    const { userId } = await createUser();
    const t = (await coreJson(userId, '/support/tickets', { body: ticket() })).body.data;
    const c = await coreJson(userId, `/support/tickets/${t.id}/comments`, { body: { content: '  Any news?  ' } });
    expect(c.status).toBe(201);
    expect(c.body.data).toMatchObject({ content: 'Any news?', is_internal: false, author: { name: 'Ana Pérez', is_agent: false } });
    const list = await coreJson(userId, `/support/tickets/${t.id}/comments`);
    expect(list.body.data).toHaveLength(1);
  });

  it('answers 403 for is_internal from a user who is not an agent, storing nothing', async () => {
    const { userId } = await createUser();
    const t = (await coreJson(userId, '/support/tickets', { body: ticket() })).body.data;
    const { status } = await coreJson(userId, `/support/tickets/${t.id}/comments`, { body: { content: 'note', is_internal: true } });
    expect(status).toBe(403);
    expect(await scalar('SELECT COUNT(*) FROM support_ticket_comments WHERE ticket_id = ?', t.id)).toBe(0);
  });

  it('answers 400 for an empty comment', async () => {
    const { userId } = await createUser();
    const t = (await coreJson(userId, '/support/tickets', { body: ticket() })).body.data;
    expect((await coreJson(userId, `/support/tickets/${t.id}/comments`, { body: { content: '  ' } })).status).toBe(400);
  });

  it('assigns an urgent ticket to the seeded agent, whose public reply shows with the Agent badge and whose internal note stays hidden', async () => {
    const { userId } = await createUser();
    const t = (await coreJson(userId, '/support/tickets', { body: ticket({ priority: 'urgent', category: 'billing' }) })).body.data;
    expect(t.assigned_agent).toEqual({ id: ON_DUTY_AGENT_ID, name: 'Sofía Ramírez' });
    const { body } = await coreJson(userId, `/support/tickets/${t.id}/comments`);
    expect(body.data).toEqual([expect.objectContaining({ is_internal: false, author: { name: 'Sofía Ramírez', is_agent: true } })]);
    expect(await scalar('SELECT COUNT(*) FROM support_ticket_comments WHERE ticket_id = ? AND is_internal = 1', t.id)).toBe(1);
  });

  it('lets the assigned agent (an agent linked to a user) read the ticket, see and post internal comments', async () => {
    const owner = await createUser();
    const agentUser = await createUser();
    const agentId = `agent-${crypto.randomUUID()}`;
    await db().prepare('INSERT INTO support_agents (id, user_id, name) VALUES (?, ?, ?)').bind(agentId, agentUser.userId, 'Tomás Agent').run();
    const t = (await coreJson(owner.userId, '/support/tickets', { body: ticket() })).body.data;
    await db().prepare('UPDATE support_tickets SET assigned_agent_id = ? WHERE id = ?').bind(agentId, t.id).run();

    expect((await coreJson(agentUser.userId, `/support/tickets/${t.id}`)).body.data.assigned_agent.name).toBe('Tomás Agent');
    const note = await coreJson(agentUser.userId, `/support/tickets/${t.id}/comments`, { body: { content: 'Checked the processor logs', is_internal: true } });
    expect(note.status).toBe(201);
    expect(note.body.data).toMatchObject({ is_internal: true, author: { name: 'Tomás Agent', is_agent: true } });
    await coreJson(agentUser.userId, `/support/tickets/${t.id}/comments`, { body: { content: 'We are on it.' } });

    expect((await coreJson(agentUser.userId, `/support/tickets/${t.id}/comments`)).body.data).toHaveLength(2);
    const ownerView = await coreJson(owner.userId, `/support/tickets/${t.id}/comments`);
    expect(ownerView.body.data.map((c: { content: string }) => c.content)).toEqual(['We are on it.']);
    // The agent may not edit the user's ticket.
    expect((await coreJson(agentUser.userId, `/support/tickets/${t.id}`, { method: 'PUT', body: { status: 'closed' } })).status).toBe(404);
  });
});

describe('a closed ticket is read-only', () => {
  it('answers 409 {message} to any change of a closed ticket by its owner, changing nothing', async () => {
    const { userId } = await createUser();
    const t = (await coreJson(userId, '/support/tickets', { body: ticket() })).body.data;
    expect((await coreJson(userId, `/support/tickets/${t.id}`, { method: 'PUT', body: { status: 'closed' } })).status).toBe(200);
    const before = await scalar('SELECT title || description || category || priority || status || updated_at FROM support_tickets WHERE id = ?', t.id);
    for (const body of [
      { title: 'Renamed after closing' },
      { description: 'New text' },
      { category: 'billing' },
      { priority: 'urgent' },
      { status: 'closed' },
    ]) {
      const res = await coreJson(userId, `/support/tickets/${t.id}`, { method: 'PUT', body });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/closed/);
    }
    expect(await scalar('SELECT title || description || category || priority || status || updated_at FROM support_tickets WHERE id = ?', t.id)).toBe(before);
    // Reading it still works.
    expect((await coreJson(userId, `/support/tickets/${t.id}`)).body.data).toMatchObject({ title: 'Card declined', status: 'closed' });
  });

  it('answers 409 to a comment on a closed ticket, from its owner or its agent, storing nothing', async () => {
    const owner = await createUser();
    const agentUser = await createUser();
    const agentId = `agent-${crypto.randomUUID()}`;
    await db().prepare('INSERT INTO support_agents (id, user_id, name) VALUES (?, ?, ?)').bind(agentId, agentUser.userId, 'Tomás Agent').run();
    const t = (await coreJson(owner.userId, '/support/tickets', { body: ticket() })).body.data;
    await db().prepare('UPDATE support_tickets SET assigned_agent_id = ? WHERE id = ?').bind(agentId, t.id).run();
    await coreJson(owner.userId, `/support/tickets/${t.id}`, { method: 'PUT', body: { status: 'closed' } });

    expect((await coreJson(owner.userId, `/support/tickets/${t.id}/comments`, { body: { content: 'One more thing' } })).status).toBe(409);
    expect((await coreJson(agentUser.userId, `/support/tickets/${t.id}/comments`, { body: { content: 'Note', is_internal: true } })).status).toBe(409);
    expect(await scalar('SELECT COUNT(*) FROM support_ticket_comments WHERE ticket_id = ?', t.id)).toBe(0);
    expect((await coreJson(owner.userId, `/support/tickets/${t.id}/comments`)).status).toBe(200);
  });

  it('lets a resolved ticket still be edited and commented (only closed is final)', async () => {
    const { userId } = await createUser();
    const t = (await coreJson(userId, '/support/tickets', { body: ticket() })).body.data;
    await db().prepare(`UPDATE support_tickets SET status = 'resolved' WHERE id = ?`).bind(t.id).run();
    expect((await coreJson(userId, `/support/tickets/${t.id}`, { method: 'PUT', body: { title: 'Still broken' } })).status).toBe(200);
    expect((await coreJson(userId, `/support/tickets/${t.id}/comments`, { body: { content: 'It happened again' } })).status).toBe(201);
  });
});
