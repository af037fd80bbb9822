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
  operationId: 'listRequests',
  summary: 'List feature requests',
  description:
    'Feature requests of every user, filtered by status, category or a search text and sorted by score or date, one page at a time (`limit` at most 100, `offset`). Anonymous authors are shown without a name. Read-only.',
  method: 'get',
  path: '/',
  request: { query: featureRequestListQuery },
  responses: answers(z.array(r.featureRequest)),
});
export const listCategories = createRoute({
  tags,
  operationId: 'listCategories',
  summary: 'List feature request categories',
  description: 'The categories a feature request can be filed under. Read-only.',
  method: 'get',
  path: '/categories',
  responses: answers(z.array(r.featureRequestCategory)),
});
export const createRequest = createRoute({
  tags,
  operationId: 'createRequest',
  summary: 'File a feature request',
  description: 'Files a new feature request, optionally anonymous, under a known category. Answers 201 with the request. Rate-limited (RL_FEATURE_REQUESTS).',
  ...limitedBy('RL_FEATURE_REQUESTS'),
  method: 'post',
  path: '/',
  request: jsonBody(createFeatureRequestBody),
  responses: answers(r.featureRequest),
});
export const getRequest = createRoute({
  tags,
  operationId: 'getRequest',
  summary: 'Get a feature request',
  description: "One feature request with its votes and the caller's own vote. Read-only.",
  method: 'get',
  path: '/{id}',
  request: { params },
  responses: answers(r.featureRequest),
});
export const updateRequest = createRoute({
  tags,
  operationId: 'updateRequest',
  summary: 'Edit a feature request',
  description: 'Changes the title, description or category of a request you filed. Only the author may; anyone else gets 404.',
  ...limitedBy('RL_WRITES'),
  method: 'patch',
  path: '/{id}',
  request: { params, ...jsonBody(updateFeatureRequestBody) },
  responses: answers(r.featureRequest),
});
export const deleteRequest = createRoute({
  tags,
  operationId: 'deleteRequest',
  summary: 'Delete a feature request',
  description: 'Deletes a request you filed, with its votes. Only the author may; anyone else gets 404. Answers `{id, deleted}`.',
  ...limitedBy('RL_WRITES'),
  method: 'delete',
  path: '/{id}',
  request: { params },
  responses: answers(r.featureRequestDeleted),
});
export const vote = createRoute({
  tags,
  operationId: 'vote',
  summary: 'Vote on a feature request',
  description:
    'Upvotes or downvotes a request, or changes your vote. The same vote twice is 409. Answers the request with its new score. Rate-limited (RL_VOTES).',
  ...limitedBy('RL_VOTES'),
  ...refuses('already_voted'),
  method: 'post',
  path: '/{id}/vote',
  request: { params, ...jsonBody(voteBody) },
  responses: answers(r.featureRequest),
});
export const unvote = createRoute({
  tags,
  operationId: 'unvote',
  summary: 'Remove your vote',
  description: 'Removes your vote from a request; 404 when you have none. Answers the request with its new score. Rate-limited (RL_VOTES).',
  ...limitedBy('RL_VOTES'),
  method: 'delete',
  path: '/{id}/vote',
  request: { params },
  responses: answers(r.featureRequest),
});
export const myVote = createRoute({
  tags,
  operationId: 'myVote',
  summary: 'Get your vote',
  description: 'Your vote on one request; 404 when you have not voted. Read-only.',
  method: 'get',
  path: '/{id}/my-vote',
  request: { params },
  responses: answers(r.featureRequestVote),
});

export const featureRequestsContract = [listRequests, listCategories, createRequest, getRequest, updateRequest, deleteRequest, vote, unvote, myVote] as const;
