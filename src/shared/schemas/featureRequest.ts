// Feature requests: status/priority/category lists, the submit and vote bodies (spec sections 3, 5, 7).
// The submit form's live counters and the worker's POST /feature-requests use the same limits.
import * as z from 'zod/mini';
import {
  FEATURE_REQUEST_CATEGORIES,
  FEATURE_TITLE_MIN,
  FEATURE_TITLE_MAX,
  FEATURE_DESCRIPTION_MIN,
  FEATURE_DESCRIPTION_MAX,
} from '../feature-request-labels';
import { msg } from './messages';

export * from '../feature-request-labels';

/**
 * POST /feature-requests. Title 5-200 and description 10-2000 characters after trimming; an empty
 * category is omitted; is_anonymous defaults to false.
 */
export const createFeatureRequestBodySchema = z.object({
  title: z
    .string(msg('featureRequests.validation.titleMin'))
    .check(
      z.trim(),
      z.minLength(FEATURE_TITLE_MIN, msg('featureRequests.validation.titleMin')),
      z.maxLength(FEATURE_TITLE_MAX, msg('featureRequests.validation.titleMax')),
    ),
  description: z
    .string(msg('featureRequests.validation.descriptionMin'))
    .check(
      z.trim(),
      z.minLength(FEATURE_DESCRIPTION_MIN, msg('featureRequests.validation.descriptionMin')),
      z.maxLength(FEATURE_DESCRIPTION_MAX, msg('featureRequests.validation.descriptionMax')),
    ),
  category: z.optional(
    z.pipe(
      z.nullable(z.union([z.enum(FEATURE_REQUEST_CATEGORIES), z.literal('')], msg('errors.invalidValue'))),
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
