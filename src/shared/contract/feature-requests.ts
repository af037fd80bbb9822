// The contract of /api/feature-requests (feature requests and votes).
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { createFeatureRequestBody, featureRequestIdParam, featureRequestListQuery, updateFeatureRequestBody, voteBody } from '../schemas/feature-request';
import * as r from '../schemas/feature-request';
import { refuses } from './statuses';
import { answers, jsonBody, limitedBy } from './common';

const tags = ['Feature requests'];
const params = featureRequestIdParam;

export const listRequests = createRoute({
  tags,
  method: 'get',
  path: '/',
  request: { query: featureRequestListQuery },
  responses: answers(z.array(r.featureRequest)),
});
export const listCategories = createRoute({ tags, method: 'get', path: '/categories', responses: answers(z.array(r.featureRequestCategory)) });
export const createRequest = createRoute({
  tags,
  ...limitedBy('RL_FEATURE_REQUESTS'),
  method: 'post',
  path: '/',
  request: jsonBody(createFeatureRequestBody),
  responses: answers(r.featureRequest),
});
export const getRequest = createRoute({ tags, method: 'get', path: '/{id}', request: { params }, responses: answers(r.featureRequest) });
export const updateRequest = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  method: 'patch',
  path: '/{id}',
  request: { params, ...jsonBody(updateFeatureRequestBody) },
  responses: answers(r.featureRequest),
});
export const deleteRequest = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  method: 'delete',
  path: '/{id}',
  request: { params },
  responses: answers(r.featureRequestDeleted),
});
export const vote = createRoute({
  tags,
  ...limitedBy('RL_VOTES'),
  ...refuses('already_voted'),
  method: 'post',
  path: '/{id}/vote',
  request: { params, ...jsonBody(voteBody) },
  responses: answers(r.featureRequest),
});
export const unvote = createRoute({
  tags,
  ...limitedBy('RL_VOTES'),
  method: 'delete',
  path: '/{id}/vote',
  request: { params },
  responses: answers(r.featureRequest),
});
export const myVote = createRoute({ tags, method: 'get', path: '/{id}/my-vote', request: { params }, responses: answers(r.featureRequestVote) });

export const featureRequestsContract = [listRequests, listCategories, createRequest, getRequest, updateRequest, deleteRequest, vote, unvote, myVote] as const;
