// The new user's checklist (/onboarding): the three first steps of the product's promise and whether
// each is done, from what the person has really done (never a flag they tick).
import { z } from 'zod';
import { ONBOARDING_STEPS } from '../onboarding';

export const onboardingChecklist = z
  .object({
    steps: z.array(z.object({ id: z.enum(ONBOARDING_STEPS), done: z.boolean() }).meta({ id: 'OnboardingStep' })),
    /** Every step done: the first signed-in screen stops pointing here. */
    complete: z.boolean(),
  })
  .meta({ id: 'OnboardingChecklist' });
export type OnboardingChecklist = z.infer<typeof onboardingChecklist>;
