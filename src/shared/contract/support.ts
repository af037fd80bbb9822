// The contract of /api/support (tickets and comments of the verified user).
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import * as r from '../schemas/support-ticket';
import { createCommentBody, createTicketBody, ticketIdParam, ticketListQuery, updateTicketBody } from '../schemas/support-ticket';
import { refuses } from './statuses';
import { answers, jsonBody, limitedBy } from './common';

const tags = ['Support'];

export const listTickets = createRoute({
  tags,
  operationId: 'listTickets',
  summary: 'List your support tickets',
  description: 'Your support tickets, newest first, one page at a time (`limit`, `offset`). Read-only.',
  method: 'get',
  path: '/tickets',
  request: { query: ticketListQuery },
  responses: answers(z.array(r.ticket)),
});
export const createTicket = createRoute({
  tags,
  operationId: 'createTicket',
  summary: 'Open a support ticket',
  description:
    'Opens a support ticket with a title, description, category and priority. High and urgent tickets are assigned to an agent at once. Answers 201 with the ticket. Rate-limited (RL_TICKETS).',
  ...limitedBy('RL_TICKETS'),
  method: 'post',
  path: '/tickets',
  request: jsonBody(createTicketBody),
  responses: answers(r.ticket),
});
export const getTicket = createRoute({
  tags,
  operationId: 'getTicket',
  summary: 'Get a support ticket',
  description: "One of your tickets with its status, assigned agent and comment count. Another user's ticket is 404. Read-only.",
  method: 'get',
  path: '/tickets/{id}',
  request: { params: ticketIdParam },
  responses: answers(r.ticket),
});
export const updateTicket = createRoute({
  tags,
  operationId: 'updateTicket',
  summary: 'Close a support ticket',
  description: 'Changes one of your tickets: its owner may only set the status to `closed` (other changes 403). A closed ticket is read-only (409).',
  ...limitedBy('RL_WRITES'),
  ...refuses('ticket_closed'),
  method: 'put',
  path: '/tickets/{id}',
  request: { params: ticketIdParam, ...jsonBody(updateTicketBody) },
  responses: answers(r.ticket),
});
export const listComments = createRoute({
  tags,
  operationId: 'listComments',
  summary: 'List ticket comments',
  description: "The comments on one of your tickets, oldest first; agents' internal notes are never listed to the owner. Read-only.",
  method: 'get',
  path: '/tickets/{id}/comments',
  request: { params: ticketIdParam },
  responses: answers(z.array(r.ticketComment)),
});
export const createComment = createRoute({
  tags,
  operationId: 'createComment',
  summary: 'Comment on a ticket',
  description: 'Adds a comment to one of your tickets; a closed ticket is 409. Answers 201 with the comment. Rate-limited (RL_COMMENTS).',
  ...limitedBy('RL_COMMENTS'),
  ...refuses('ticket_closed'),
  method: 'post',
  path: '/tickets/{id}/comments',
  request: { params: ticketIdParam, ...jsonBody(createCommentBody) },
  responses: answers(r.ticketComment),
});

export const supportContract = [listTickets, createTicket, getTicket, updateTicket, listComments, createComment] as const;
