// The contract of /api/onboarding: the verified user's first-steps checklist.
import { createRoute } from '@hono/zod-openapi';
import { onboardingChecklist } from '../schemas/onboarding';
import { answers } from './common';

const tags = ['Onboarding'];

export const getOnboarding = createRoute({
  tags,
  operationId: 'getOnboarding',
  summary: 'Your first steps and which are done',
  description:
    "The new user's checklist, in order: `verify_identity` (done when your identity verification is approved), `add_dollars` (done when a deposit of US dollars has completed in any of your accounts) and `first_purchase_or_send` (done when you have bought an asset, such as CC through a quote or a stock order, or completed a transfer you sent). `complete` is true when all three are done. Derived from what happened, never stored; read-only.",
  method: 'get',
  path: '/',
  responses: answers(onboardingChecklist),
});

export const onboardingContract = [getOnboarding] as const;
