// Support tickets and comments (spec sections 3 and 5): server request bodies.
import { z } from 'zod';

export const TICKET_CATEGORIES = ['general', 'technical', 'billing', 'account', 'bug_report'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;

const title = z.string().trim().min(1, 'Title is required').max(200);
const description = z.string().trim().min(1, 'Description is required').max(5000);

export const createTicketBody = z.object({
  title,
  description,
  category: z.enum(TICKET_CATEGORIES).default('general'),
  priority: z.enum(TICKET_PRIORITIES).default('medium'),
});

export const updateTicketBody = z
  .object({
    title: title.optional(),
    description: description.optional(),
    category: z.enum(TICKET_CATEGORIES).optional(),
    priority: z.enum(TICKET_PRIORITIES).optional(),
    status: z.enum(TICKET_STATUSES).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });

export const createCommentBody = z.object({
  content: z.string().trim().min(1, 'Content is required').max(5000),
  is_internal: z.boolean().default(false),
});

export const ticketIdParam = z.object({ id: z.string().trim().min(1).max(100) });
