// Feature requests: status/priority/category lists, the submit and vote bodies (spec sections 3, 5, 7).
// One definition: the limits and lists live in ../feature-request-labels (the submit form's live
// counters read them too) and both flavours below are built only from them, zod/mini for islands
// and full zod for the contract and the core; ./schemas-agree.test.ts checks that they agree.
import * as z from 'zod/mini';
import { z as zf } from 'zod';
import {
  FEATURE_TITLE_MIN,
  FEATURE_TITLE_MAX,
  FEATURE_DESCRIPTION_MIN,
  FEATURE_DESCRIPTION_MAX,
  FEATURE_CATEGORY_MAX,
} from '../feature-request-labels';
import { msg } from './messages';
import { featureRequestId } from './ids';
import { miniText, text } from './text';

export * from '../feature-request-labels';

/**
 * POST /feature-requests. Title 5-200 and description 10-2000 characters after trimming; an empty
 * category is omitted, any other is a name or id the server checks against its list (which may hold
 * more than the form's FEATURE_REQUEST_CATEGORIES); is_anonymous defaults to false.
 */
export const createFeatureRequestBodySchema = z.object({
  title: miniText('featureRequests.validation.titleMin').check(
      z.minLength(FEATURE_TITLE_MIN, msg('featureRequests.validation.titleMin')),
      z.maxLength(FEATURE_TITLE_MAX, msg('featureRequests.validation.titleMax')),
    ),
  description: miniText('featureRequests.validation.descriptionMin', { multiline: true }).check(
      z.minLength(FEATURE_DESCRIPTION_MIN, msg('featureRequests.validation.descriptionMin')),
      z.maxLength(FEATURE_DESCRIPTION_MAX, msg('featureRequests.validation.descriptionMax')),
    ),
  category: z.optional(
    z.pipe(
      miniText('errors.invalidValue').check(z.maxLength(FEATURE_CATEGORY_MAX, msg('errors.tooLong'))),
      z.transform((value) => value || undefined),
    ),
  ),
  is_anonymous: z._default(z.boolean(msg('errors.invalidValue')), false),
});
export type CreateFeatureRequestInput = z.input<typeof createFeatureRequestBodySchema>;
export type CreateFeatureRequestBody = z.output<typeof createFeatureRequestBodySchema>;

export const VOTE_TYPES = ['upvote', 'downvote'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

/** POST /feature-requests/{id}/vote. */
export const voteBodySchema = z.object({ vote_type: z.enum(VOTE_TYPES, msg('errors.invalidValue')) });
export type VoteBody = z.output<typeof voteBodySchema>;

// ---------------------------------------------------------------------------------------------
// The server's request schemas (full zod: coerce/refine), used by the BFF and the core.
// Feature requests and votes (spec sections 3, 5 and 9): server request bodies and list query.

export const FEATURE_STATUSES = ['submitted', 'under_review', 'planned', 'in_progress', 'completed', 'rejected'] as const;
export const FEATURE_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export const MAX_FEATURE_PAGE = 100;

const title = text()
  .min(FEATURE_TITLE_MIN, `Title must be at least ${FEATURE_TITLE_MIN} characters`)
  .max(FEATURE_TITLE_MAX, `Title must be ${FEATURE_TITLE_MAX} characters or less`);
const description = text({ multiline: true })
  .min(FEATURE_DESCRIPTION_MIN, `Description must be at least ${FEATURE_DESCRIPTION_MIN} characters`)
  .max(FEATURE_DESCRIPTION_MAX, `Description must be ${FEATURE_DESCRIPTION_MAX} characters or less`);
/** A category name or id from GET /feature-requests/categories; empty means none. */
const category = text()
  .max(FEATURE_CATEGORY_MAX)
  .transform((s) => (s === '' ? undefined : s))
  .optional();

export const createFeatureRequestBody = zf.object({
  title,
  description,
  category,
  is_anonymous: zf.boolean().default(false),
});

export const updateFeatureRequestBody = zf
  .object({ title: title.optional(), description: description.optional(), category: category.nullable(), is_anonymous: zf.boolean().optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });

export const voteBody = zf.object({ vote_type: zf.enum(VOTE_TYPES) });

export const featureRequestListQuery = zf.object({
  status: zf.enum(FEATURE_STATUSES).optional(),
  category: text().min(1).max(FEATURE_CATEGORY_MAX).optional(),
  search: text().max(200).optional(),
  sortBy: zf.enum(['total_score', 'created_at']).default('total_score'),
  sortOrder: zf.enum(['asc', 'desc']).default('desc'),
  limit: zf.coerce.number().int().min(1).max(MAX_FEATURE_PAGE).default(50),
  offset: zf.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const featureRequestIdParam = zf.object({ id: featureRequestId });
