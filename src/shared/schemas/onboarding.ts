// The new user's checklist (/onboarding): the three first steps of the product's promise and whether
// each is done, from what the person has really done (never a flag they tick).
import { z } from 'zod';

/** In the order a new user takes them. */
export const ONBOARDING_STEPS = ['verify_identity', 'add_dollars', 'first_purchase_or_send'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const onboardingChecklist = z
  .object({
    steps: z.array(z.object({ id: z.enum(ONBOARDING_STEPS), done: z.boolean() }).meta({ id: 'OnboardingStep' })),
    /** Every step done: the first signed-in screen stops pointing here. */
    complete: z.boolean(),
  })
  .meta({ id: 'OnboardingChecklist' });
export type OnboardingChecklist = z.infer<typeof onboardingChecklist>;
