// Core: the upstream's /feature-requests calls (public board; edits by the author only): the
// contract's declarations (src/shared/contract/feature-requests.ts) implemented, answers typed
// against them.
import { contractHono, created } from '../../platform/contract-hono';
import * as api from '../../shared/contract/feature-requests';
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

export const featureRequests = contractHono<CoreEnv>()
  .openapi(api.listRequests, async (c) => c.json({ data: await listRequests(c.env.DB, c.var.userId, c.req.valid('query')) }, 200))
  .openapi(api.listCategories, async (c) => c.json({ data: await listCategories(c.env.DB) }, 200))
  .openapi(api.createRequest, async (c) => created(c.json({ data: await createRequest(c.env.DB, c.var.userId, c.req.valid('json')) }, 200)))
  .openapi(api.getRequest, async (c) => c.json({ data: await getRequest(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200))
  .openapi(api.updateRequest, async (c) => c.json({ data: await updateRequest(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('json')) }, 200))
  .openapi(api.deleteRequest, async (c) => c.json({ data: await deleteRequest(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200))
  .openapi(api.vote, async (c) => c.json({ data: await vote(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('json').vote_type) }, 200))
  .openapi(api.unvote, async (c) => c.json({ data: await unvote(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200))
  .openapi(api.myVote, async (c) => c.json({ data: await myVote(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200));
