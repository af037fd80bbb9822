// BFF /api/support: spec section 7, Support (tickets and comments of the verified user), served from
// their declarations (src/shared/contract/support.ts).
import * as api from '../../shared/contract/support';
import { contractApp } from '../contract-app';
import { forward } from '../forward';
import { assertUser } from '../middleware/assert-user';

const app = contractApp();
app.use(assertUser());

export const support = app
  .openapi(api.listTickets, (c) => {
    const q = c.req.valid('query');
    return forward(c, api.listTickets, { query: { limit: String(q.limit), offset: String(q.offset) } });
  })
  .openapi(api.createTicket, (c) => forward(c, api.createTicket, { body: c.req.valid('json') }))
  .openapi(api.getTicket, (c) => forward(c, api.getTicket))
  .openapi(api.updateTicket, (c) => forward(c, api.updateTicket, { body: c.req.valid('json') }))
  .openapi(api.listComments, (c) => forward(c, api.listComments))
  .openapi(api.createComment, (c) => forward(c, api.createComment, { body: c.req.valid('json') }));
