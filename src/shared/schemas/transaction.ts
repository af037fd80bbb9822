// Transactions (spec section 3): the server's list query and path parameters.
import { z } from 'zod';

export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer', 'stock_order'] as const;
export const TRANSACTION_STATUSES = ['COMPLETED', 'PENDING', 'FAILED', 'CANCELLED'] as const;
export const MAX_PAGE = 100;

export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const transactionListQuery = paginationQuery;
export const transactionIdParam = z.object({ id: z.string().trim().min(1).max(100) });
