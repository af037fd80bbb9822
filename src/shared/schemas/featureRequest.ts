// Feature requests and votes (spec sections 3, 5 and 9): server request bodies and list query.
import { z } from 'zod';

export const FEATURE_STATUSES = ['submitted', 'under_review', 'planned', 'in_progress', 'completed', 'rejected'] as const;
export const FEATURE_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export const VOTE_TYPES = ['upvote', 'downvote'] as const;
export const MAX_FEATURE_PAGE = 100;

const title = z
  .string()
  .trim()
  .min(5, 'Title must be at least 5 characters')
  .max(200, 'Title must be 200 characters or less');
const description = z
  .string()
  .trim()
  .min(10, 'Description must be at least 10 characters')
  .max(2000, 'Description must be 2000 characters or less');
/** A category name or id from GET /feature-requests/categories; empty means none. */
const category = z
  .string()
  .trim()
  .max(50)
  .transform((s) => (s === '' ? undefined : s))
  .optional();

export const createFeatureRequestBody = z.object({
  title,
  description,
  category,
  is_anonymous: z.boolean().default(false),
});

export const updateFeatureRequestBody = z
  .object({ title: title.optional(), description: description.optional(), category: category.nullable(), is_anonymous: z.boolean().optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });

export const voteBody = z.object({ vote_type: z.enum(VOTE_TYPES) });

export const featureRequestListQuery = z.object({
  status: z.enum(FEATURE_STATUSES).optional(),
  category: z.string().trim().min(1).max(50).optional(),
  search: z.string().trim().max(200).optional(),
  sortBy: z.enum(['total_score', 'created_at']).default('total_score'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(MAX_FEATURE_PAGE).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const featureRequestIdParam = z.object({ id: z.string().trim().min(1).max(100) });
