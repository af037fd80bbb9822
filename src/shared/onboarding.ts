// The new user's checklist steps, in the order a new user takes them (no zod here: the /onboarding
// island imports this, and the browser bundle keeps full zod out).
export const ONBOARDING_STEPS = ['verify_identity', 'add_dollars', 'first_purchase_or_send'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
