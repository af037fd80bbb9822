// BFF /api/feature-requests: spec section 7, Feature requests and votes.
import { Hono } from 'hono';
import type {
  createRequest,
  deleteRequest,
  getRequest,
  listCategories,
  listRequests,
  myVote,
  unvote,
  updateRequest,
  vote,
} from '../../core/feature-requests/feature-requests';
import {
  createFeatureRequestBody,
  featureRequestIdParam,
  featureRequestListQuery,
  updateFeatureRequestBody,
  voteBody,
} from '../../shared/schemas/feature-request';
import type { AppEnv } from '../env';
import { forward } from '../forward';
import type { Data } from '../core-data';
import { assertUser } from '../middleware/assert-user';
import { validate } from '../../platform/validate';

const enc = encodeURIComponent;
const idParam = validate('param', featureRequestIdParam);

export const featureRequests = new Hono<AppEnv>()
  .use(assertUser())
  .get('/', validate('query', featureRequestListQuery), (c) => {
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
    return forward<Data<typeof listRequests>>(c, { method: 'GET', path: '/feature-requests', query });
  })
  .get('/categories', (c) => forward<Data<typeof listCategories>>(c, { method: 'GET', path: '/feature-requests/categories' }))
  .post('/', validate('json', createFeatureRequestBody), (c) =>
    forward<Data<typeof createRequest>>(c, { method: 'POST', path: '/feature-requests', body: c.req.valid('json') }),
  )
  .get('/:id', idParam, (c) => forward<Data<typeof getRequest>>(c, { method: 'GET', path: `/feature-requests/${enc(c.req.valid('param').id)}` }))
  .patch('/:id', idParam, validate('json', updateFeatureRequestBody), (c) =>
    forward<Data<typeof updateRequest>>(c, { method: 'PATCH', path: `/feature-requests/${enc(c.req.valid('param').id)}`, body: c.req.valid('json') }),
  )
  .delete('/:id', idParam, (c) =>
    forward<Data<typeof deleteRequest>>(c, { method: 'DELETE', path: `/feature-requests/${enc(c.req.valid('param').id)}` }),
  )
  .post('/:id/vote', idParam, validate('json', voteBody), (c) =>
    forward<Data<typeof vote>>(c, { method: 'POST', path: `/feature-requests/${enc(c.req.valid('param').id)}/vote`, body: c.req.valid('json') }),
  )
  .delete('/:id/vote', idParam, (c) =>
    forward<Data<typeof unvote>>(c, { method: 'DELETE', path: `/feature-requests/${enc(c.req.valid('param').id)}/vote` }),
  )
  .get('/:id/my-vote', idParam, (c) =>
    forward<Data<typeof myVote>>(c, { method: 'GET', path: `/feature-requests/${enc(c.req.valid('param').id)}/my-vote` }),
  );
