// Support tickets and comments: category/priority/status lists, the request bodies and the answers
//. Title and description are required after trimming; category and priority have defaults.
// One definition: the lists and limits live in ../ticket-labels and both flavours below are built
// only from them, zod/mini for the ticket modals and full zod for the contract and the core;
// ./schemas-agree.test.ts checks that they accept and refuse the same bodies.
import * as z from 'zod/mini';
import { z as zf } from 'zod';
import type { TranslationKey } from '../../i18n';
import { msg } from './messages';
import { COMMENT_MAX, TICKET_CATEGORIES, TICKET_DESCRIPTION_MAX, TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TITLE_MAX } from '../ticket-labels';
import { uuidId } from './ids';
import { updateBody } from './request-parts';
import { miniText, text } from './text';
import { count } from './answer-parts';
import { pageQuery } from './paging';
import { timestamp } from './timestamp';

export * from '../ticket-labels';

const required = (max: number, key: TranslationKey, multiline = false) =>
  miniText(key, { multiline }).check(z.minLength(1, msg(key)), z.maxLength(max, msg('errors.tooLong')));

/** POST /support/tickets. */
export const createSupportTicketBodySchema = z.object({
  title: required(TICKET_TITLE_MAX, 'support.ticket.required'),
  description: required(TICKET_DESCRIPTION_MAX, 'support.ticket.required', true),
  category: z._default(z.enum(TICKET_CATEGORIES, msg('errors.invalidValue')), 'general'),
  priority: z._default(z.enum(TICKET_PRIORITIES, msg('errors.invalidValue')), 'medium'),
});
export type CreateSupportTicketBody = z.output<typeof createSupportTicketBodySchema>;

/** POST /support/tickets/{id}/comments; is_internal is sent on create and defaults to false. */
export const createTicketCommentBodySchema = z.object({
  content: required(COMMENT_MAX, 'support.comments.required', true),
  is_internal: z._default(z.boolean(msg('errors.invalidValue')), false),
});

// ---------------------------------------------------------------------------------------------
// The server's request schemas (full zod: coerce/refine), used by the BFF and the core.
// Support tickets and comments: server request bodies.

const title = text().min(1, 'Title is required').max(TICKET_TITLE_MAX);
const description = text({ multiline: true }).min(1, 'Description is required').max(TICKET_DESCRIPTION_MAX);

export const createTicketBody = zf
  .object({
    title,
    description,
    category: zf.enum(TICKET_CATEGORIES).default('general'),
    priority: zf.enum(TICKET_PRIORITIES).default('medium'),
  })
  .meta({ id: 'CreateTicketBody' });

export const updateTicketBody = updateBody({
  title: title.optional(),
  description: description.optional(),
  category: zf.enum(TICKET_CATEGORIES).optional(),
  priority: zf.enum(TICKET_PRIORITIES).optional(),
  status: zf.enum(TICKET_STATUSES).optional(),
}).meta({ id: 'UpdateTicketBody' });

export const createCommentBody = zf
  .object({
    content: text({ multiline: true }).min(1, 'Content is required').max(COMMENT_MAX),
    is_internal: zf.boolean().default(false),
  })
  .meta({ id: 'CreateCommentBody' });

/** The ticket list's paging (newest first). */
export const ticketListQuery = pageQuery({ size: 50, max: 100, rows: 'Tickets' });
export const ticketIdParam = zf.object({ id: uuidId });

// ---------------------------------------------------------------------------------------------
// Answers (what the upstream answers in `data`), written from what the embedded core really answers
// and checked against it by tests/worker/bff/upstream-contract.test.ts. Objects strip unknown keys
// (zod's default): a field the contract does not name never reaches a client.

export const ticket = zf
  .object({
    id: zf.string(),
    title: zf.string(),
    description: zf.string(),
    category: zf.enum(TICKET_CATEGORIES),
    priority: zf.enum(TICKET_PRIORITIES),
    status: zf.enum(TICKET_STATUSES),
    assigned_agent: zf.object({ id: zf.string(), name: zf.string() }).nullable(),
    /** Comments the ticket's owner sees (internal notes left out): the tickets list's reply count. */
    comment_count: count,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Ticket' });

export const ticketComment = zf
  .object({
    id: zf.string(),
    ticket_id: zf.string(),
    content: zf.string(),
    is_internal: zf.boolean(),
    created_at: timestamp,
    author: zf.object({ name: zf.string(), is_agent: zf.boolean() }),
  })
  .meta({ id: 'TicketComment' });
