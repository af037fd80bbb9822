// Core: the upstream's onboarding call (/onboarding): the caller's checklist.
import { contractHono } from '../../platform/contract-hono';
import * as api from '../../shared/contract/onboarding';
import type { CoreEnv } from '../env';
import { onboardingChecklist } from '../onboarding/checklist';

export const onboarding = contractHono<CoreEnv>().openapi(api.getOnboarding, async (c) =>
  c.json({ data: await onboardingChecklist(c.env.DB, c.var.userId) }, 200),
);
