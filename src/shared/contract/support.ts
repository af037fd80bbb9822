// The contract of /api/support (tickets and comments of the verified user).
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import * as r from '../schemas/support-ticket';
import { createCommentBody, createTicketBody, ticketIdParam, ticketListQuery, updateTicketBody } from '../schemas/support-ticket';
import { refuses } from './statuses';
import { answers, jsonBody, limitedBy } from './common';

const tags = ['Support'];

export const listTickets = createRoute({ tags, method: 'get', path: '/tickets', request: { query: ticketListQuery }, responses: answers(z.array(r.ticket)) });
export const createTicket = createRoute({
  tags,
  ...limitedBy('RL_TICKETS'),
  method: 'post',
  path: '/tickets',
  request: jsonBody(createTicketBody),
  responses: answers(r.ticket),
});
export const getTicket = createRoute({ tags, method: 'get', path: '/tickets/{id}', request: { params: ticketIdParam }, responses: answers(r.ticket) });
export const updateTicket = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  ...refuses('ticket_closed'),
  method: 'put',
  path: '/tickets/{id}',
  request: { params: ticketIdParam, ...jsonBody(updateTicketBody) },
  responses: answers(r.ticket),
});
export const listComments = createRoute({
  tags,
  method: 'get',
  path: '/tickets/{id}/comments',
  request: { params: ticketIdParam },
  responses: answers(z.array(r.ticketComment)),
});
export const createComment = createRoute({
  tags,
  ...limitedBy('RL_COMMENTS'),
  ...refuses('ticket_closed'),
  method: 'post',
  path: '/tickets/{id}/comments',
  request: { params: ticketIdParam, ...jsonBody(createCommentBody) },
  responses: answers(r.ticketComment),
});

export const supportContract = [listTickets, createTicket, getTicket, updateTicket, listComments, createComment] as const;
