// BFF /api/feature-requests: spec section 7, Feature requests and votes, served from their
// declarations (src/shared/contract/feature-requests.ts).
import * as api from '../../shared/contract/feature-requests';
import { contractApp } from '../contract-app';
import { forward } from '../forward';
import { assertUser } from '../middleware/assert-user';

const app = contractApp();
app.use(assertUser());

export const featureRequests = app
  .openapi(api.listRequests, (c) => {
    const q = c.req.valid('query');
    const query: Record<string, string | undefined> = {
      status: q.status,
      category: q.category,
      search: q.search,
      sortBy: q.sortBy,
      sortOrder: q.sortOrder,
      limit: String(q.limit),
      offset: String(q.offset),
    };
    return forward(c, api.listRequests, { query });
  })
  .openapi(api.listCategories, (c) => forward(c, api.listCategories))
  .openapi(api.createRequest, (c) => forward(c, api.createRequest, { body: c.req.valid('json') }))
  .openapi(api.getRequest, (c) => forward(c, api.getRequest))
  .openapi(api.updateRequest, (c) => forward(c, api.updateRequest, { body: c.req.valid('json') }))
  .openapi(api.deleteRequest, (c) => forward(c, api.deleteRequest))
  .openapi(api.vote, (c) => forward(c, api.vote, { body: c.req.valid('json') }))
  .openapi(api.unvote, (c) => forward(c, api.unvote))
  .openapi(api.myVote, (c) => forward(c, api.myVote));
