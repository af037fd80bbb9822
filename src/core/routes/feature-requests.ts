// Core: spec section 7, Feature requests (public board; edits by the author only).
import { Hono } from 'hono';
import {
  createFeatureRequestBody,
  featureRequestIdParam,
  featureRequestListQuery,
  updateFeatureRequestBody,
  voteBody,
} from '../../shared/schemas/feature-request';
import { validate } from '../../platform/validate';
import type { CoreEnv } from '../env';
import {
  createRequest,
  deleteRequest,
  getRequest,
  listCategories,
  listRequests,
  myVote,
  unvote,
  updateRequest,
  vote,
} from '../feature-requests/feature-requests';

const idParam = validate('param', featureRequestIdParam);

export const featureRequests = new Hono<CoreEnv>()
  .get('/', validate('query', featureRequestListQuery), async (c) =>
    c.json({ data: await listRequests(c.env.DB, c.var.userId, c.req.valid('query')) }, 200),
  )
  .get('/categories', async (c) => c.json({ data: await listCategories(c.env.DB) }, 200))
  .post('/', validate('json', createFeatureRequestBody), async (c) =>
    c.json({ data: await createRequest(c.env.DB, c.var.userId, c.req.valid('json')) }, 201),
  )
  .get('/:id', idParam, async (c) => c.json({ data: await getRequest(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200))
  .patch('/:id', idParam, validate('json', updateFeatureRequestBody), async (c) =>
    c.json({ data: await updateRequest(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .delete('/:id', idParam, async (c) => c.json({ data: await deleteRequest(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200))
  .post('/:id/vote', idParam, validate('json', voteBody), async (c) =>
    c.json({ data: await vote(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('json').vote_type) }, 200),
  )
  .delete('/:id/vote', idParam, async (c) => c.json({ data: await unvote(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200))
  .get('/:id/my-vote', idParam, async (c) => c.json({ data: await myVote(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200));
