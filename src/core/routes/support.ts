// Core: the upstream's support calls (/support/tickets/...): the contract's declarations
// (src/shared/contract/support.ts) implemented, answers typed against them. Tickets are the
// caller's own (or assigned to the caller as an agent); anything else answers 404.
import { contractHono, created } from '../../platform/contract-hono';
import * as api from '../../shared/contract/support';
import type { CoreEnv } from '../env';
import { createComment, createTicket, getTicket, listComments, listTickets, updateTicket } from '../support/support';

export const support = contractHono<CoreEnv>()
  .openapi(api.listTickets, async (c) => c.json({ data: await listTickets(c.env.DB, c.var.userId, c.req.valid('query')) }, 200))
  .openapi(api.createTicket, async (c) => created(c.json({ data: await createTicket(c.env.DB, c.var.userId, c.req.valid('json')) }, 200)))
  .openapi(api.getTicket, async (c) => c.json({ data: await getTicket(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200))
  .openapi(api.updateTicket, async (c) => c.json({ data: await updateTicket(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('json')) }, 200))
  .openapi(api.listComments, async (c) => c.json({ data: await listComments(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200))
  .openapi(api.createComment, async (c) =>
    created(c.json({ data: await createComment(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('json')) }, 200)),
  );
