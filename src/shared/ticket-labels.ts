// Support tickets' plain values (categories, priorities, statuses, their dictionary keys, the length
// limits) without zod, so a screen can show them without loading the schemas; ./schemas/support-ticket
// re-exports them.
import type { TranslationKey } from '../i18n';

export const TICKET_CATEGORIES = ['general', 'technical', 'billing', 'account', 'bug_report'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const ticketCategoryKey = (category: TicketCategory): TranslationKey => `support.ticket.category.${category}`;
export const ticketPriorityKey = (priority: TicketPriority): TranslationKey => `support.ticket.priority.${priority}`;
export const ticketStatusKey = (status: TicketStatus): TranslationKey => `support.ticket.status.${status}`;

export const TICKET_TITLE_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 5000;
export const COMMENT_MAX = 5000;
