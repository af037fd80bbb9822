// BFF /api/support: spec section 7, Support (tickets and comments of the verified user).
import { Hono } from 'hono';
import type { createComment, createTicket, getTicket, listComments, listTickets, updateTicket } from '../../core/support/support';
import { createCommentBody, createTicketBody, ticketIdParam, updateTicketBody } from '../../shared/schemas/support-ticket';
import { paginationQuery } from '../../shared/schemas/transaction';
import type { AppEnv } from '../env';
import { forward } from '../forward';
import type { Data } from '../core-data';
import { assertUser } from '../middleware/assert-user';
import { validate } from '../../platform/validate';

const enc = encodeURIComponent;

export const support = new Hono<AppEnv>()
  .use(assertUser())
  .get('/tickets', validate('query', paginationQuery), (c) => {
    const q = c.req.valid('query');
    return forward<Data<typeof listTickets>>(c, { method: 'GET', path: '/support/tickets', query: { limit: String(q.limit), offset: String(q.offset) } });
  })
  .post('/tickets', validate('json', createTicketBody), (c) =>
    forward<Data<typeof createTicket>>(c, { method: 'POST', path: '/support/tickets', body: c.req.valid('json') }),
  )
  .get('/tickets/:id', validate('param', ticketIdParam), (c) =>
    forward<Data<typeof getTicket>>(c, { method: 'GET', path: `/support/tickets/${enc(c.req.valid('param').id)}` }),
  )
  .put('/tickets/:id', validate('param', ticketIdParam), validate('json', updateTicketBody), (c) =>
    forward<Data<typeof updateTicket>>(c, { method: 'PUT', path: `/support/tickets/${enc(c.req.valid('param').id)}`, body: c.req.valid('json') }),
  )
  .get('/tickets/:id/comments', validate('param', ticketIdParam), (c) =>
    forward<Data<typeof listComments>>(c, { method: 'GET', path: `/support/tickets/${enc(c.req.valid('param').id)}/comments` }),
  )
  .post('/tickets/:id/comments', validate('param', ticketIdParam), validate('json', createCommentBody), (c) =>
    forward<Data<typeof createComment>>(c, {
      method: 'POST',
      path: `/support/tickets/${enc(c.req.valid('param').id)}/comments`,
      body: c.req.valid('json'),
    }),
  );
