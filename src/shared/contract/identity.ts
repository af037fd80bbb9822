// The contract of /api/identity-verification: the verified user submits their identity and reads
// back their latest submission (only ever their own).
import { createRoute } from '@hono/zod-openapi';
import { MIN_AGE_YEARS } from '../identity-rules';
import { identitySubmissionBody, identityVerification } from '../schemas/identity';
import { answers, jsonBody, limitedBy, notifiesOwnParties, wakesClock } from './common';
import { refuses } from './statuses';

const tags = ['Identity verification'];

export const submitIdentityVerification = createRoute({
  tags,
  operationId: 'submitIdentityVerification',
  summary: 'Submit your identity for verification',
  description:
    `Submits your legal first and last name, date of birth (${MIN_AGE_YEARS} or older as of today, UTC; younger is 400 \`validation_failed\`), country of residence, an identity document (type and number; only the last 4 characters and a hash of the number are kept) and your consent. ` +
    'Answers 201 with the submission: `approved`, `rejected` with a `reason`, or `pending` while it is reviewed (decided later by itself; read it again, or watch the KYC summary of your profile). ' +
    "An approval makes the legal name your profile's first and last name. A decision (at once, or after the review) is one of your notifications (`identity_approved`, or `identity_rejected` with its reason), and your open pages and devices are told (live event `notifications.new`). While a submission is pending or approved another one is 409 `identity_already_submitted`; after a rejection you may submit again. " +
    'The embedded core decides by test rules on the document number (docs/api.md, Identity verification). Rate-limited (RL_IDENTITY).',
  ...limitedBy('RL_IDENTITY'),
  ...refuses('identity_already_submitted'),
  ...wakesClock(),
  ...notifiesOwnParties('notifications.new'),
  method: 'post',
  path: '/',
  request: jsonBody(identitySubmissionBody),
  responses: answers(identityVerification),
});

export const getIdentityVerification = createRoute({
  tags,
  operationId: 'getIdentityVerification',
  summary: 'Get your identity verification',
  description: 'Your latest identity verification submission and its status (with the reason when rejected); 404 `not_found` before your first. Read-only.',
  ...refuses('not_found'),
  method: 'get',
  path: '/',
  responses: answers(identityVerification),
});

export const identityContract = [submitIdentityVerification, getIdentityVerification] as const;
