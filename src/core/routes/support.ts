// Core: spec section 7, Support. Tickets are the caller's own (or assigned to the caller as an
// agent); anything else answers 404.
import { Hono } from 'hono';
import { createCommentBody, createTicketBody, ticketIdParam, updateTicketBody } from '../../shared/schemas/support-ticket';
import { paginationQuery } from '../../shared/schemas/transaction';
import { validate } from '../../platform/validate';
import type { CoreEnv } from '../env';
import { createComment, createTicket, getTicket, listComments, listTickets, updateTicket } from '../support/support';

export const support = new Hono<CoreEnv>()
  .get('/tickets', validate('query', paginationQuery), async (c) =>
    c.json({ data: await listTickets(c.env.DB, c.var.userId, c.req.valid('query')) }, 200),
  )
  .post('/tickets', validate('json', createTicketBody), async (c) =>
    c.json({ data: await createTicket(c.env.DB, c.var.userId, c.req.valid('json')) }, 201),
  )
  .get('/tickets/:id', validate('param', ticketIdParam), async (c) =>
    c.json({ data: await getTicket(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200),
  )
  .put('/tickets/:id', validate('param', ticketIdParam), validate('json', updateTicketBody), async (c) =>
    c.json({ data: await updateTicket(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .get('/tickets/:id/comments', validate('param', ticketIdParam), async (c) =>
    c.json({ data: await listComments(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200),
  )
  .post('/tickets/:id/comments', validate('param', ticketIdParam), validate('json', createCommentBody), async (c) =>
    c.json({ data: await createComment(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('json')) }, 201),
  );
