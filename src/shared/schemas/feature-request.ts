// Feature requests and votes: status/priority/category lists, the submit, update and vote bodies,
// the list query and the answers, as the contract and the core check them. The limits and lists
// live in ../feature-request-labels, which the submit form's live counters read too. On submit,
// title 5-200 and description 10-2000 characters after trimming; an empty category is omitted, any
// other is a name or id the server checks against its list (which may hold more than the form's
// FEATURE_REQUEST_CATEGORIES); is_anonymous defaults to false.
import { z } from 'zod';
import { pageQuery } from './paging';
import {
  FEATURE_TITLE_MIN,
  FEATURE_TITLE_MAX,
  FEATURE_DESCRIPTION_MIN,
  FEATURE_DESCRIPTION_MAX,
  FEATURE_CATEGORY_IDS,
  FEATURE_CATEGORY_MAX,
  FEATURE_REQUEST_PRIORITIES,
  FEATURE_REQUEST_STATUSES,
} from '../feature-request-labels';
import { featureRequestId } from './ids';
import { updateBody } from './request-parts';
import { text } from './text';
import { count } from './answer-parts';
import { timestamp } from './timestamp';

export * from '../feature-request-labels';

export const VOTE_TYPES = ['upvote', 'downvote'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

export const MAX_FEATURE_PAGE = 100;

const title = text()
  .min(FEATURE_TITLE_MIN, `Title must be at least ${FEATURE_TITLE_MIN} characters`)
  .max(FEATURE_TITLE_MAX, `Title must be ${FEATURE_TITLE_MAX} characters or less`);
const description = text({ multiline: true })
  .min(FEATURE_DESCRIPTION_MIN, `Description must be at least ${FEATURE_DESCRIPTION_MIN} characters`)
  .max(FEATURE_DESCRIPTION_MAX, `Description must be ${FEATURE_DESCRIPTION_MAX} characters or less`);
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const CATEGORY_NAMES = [...Object.keys(FEATURE_CATEGORY_IDS), ...Object.values(FEATURE_CATEGORY_IDS)];
/** A category by its name or id (GET /feature-requests/categories), surrounding spaces ignored. */
const categoryName = z.preprocess(trimmed, z.enum(CATEGORY_NAMES as [string, ...string[]]));
/** On submit an empty category means none. */
const category = z
  .preprocess(trimmed, z.enum(['', ...CATEGORY_NAMES]))
  .transform((s) => (s === '' ? undefined : s))
  .optional();

export const createFeatureRequestBody = z
  .object({
    title,
    description,
    category,
    is_anonymous: z.boolean().default(false),
  })
  .meta({ id: 'CreateFeatureRequestBody' });

export const updateFeatureRequestBody = updateBody({
  title: title.optional(),
  description: description.optional(),
  category: categoryName.nullable().optional(),
  is_anonymous: z.boolean().optional(),
}).meta({ id: 'UpdateFeatureRequestBody' });

export const voteBody = z.object({ vote_type: z.enum(VOTE_TYPES) }).meta({ id: 'VoteBody' });

export const featureRequestListQuery = z.object({
  status: z.enum(FEATURE_REQUEST_STATUSES).optional(),
  category: text().min(1).max(FEATURE_CATEGORY_MAX).optional(),
  search: text().max(200).optional(),
  sortBy: z.enum(['total_score', 'created_at']).default('total_score'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  ...pageQuery({ size: 50, max: MAX_FEATURE_PAGE, rows: 'Feature requests' }).shape,
});

export const featureRequestIdParam = z.object({ id: featureRequestId });

// ---------------------------------------------------------------------------------------------
// Answers (what the upstream answers in `data`), written from what the embedded core really answers
// and checked against it by tests/worker/bff/upstream-contract.test.ts. Objects strip unknown keys
// (zod's default): a field the contract does not name never reaches a client.

export const featureRequest = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.string().nullable(),
    is_anonymous: z.boolean(),
    author: z.object({ name: z.string() }).nullable(),
    is_mine: z.boolean(),
    status: z.enum(FEATURE_REQUEST_STATUSES),
    priority: z.enum(FEATURE_REQUEST_PRIORITIES),
    upvotes: count,
    downvotes: count,
    total_score: z.number().int(),
    my_vote: z.enum(VOTE_TYPES).nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'FeatureRequest' });

export const featureRequestDeleted = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'FeatureRequestDeleted' });

export const featureRequestVote = z
  .object({
    feature_request_id: z.string(),
    vote_type: z.enum(VOTE_TYPES),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'FeatureRequestVote' });

export const featureRequestCategory = z.object({ id: z.string(), name: z.string(), source: z.enum(['spec', 'server']) }).meta({ id: 'FeatureRequestCategory' });
