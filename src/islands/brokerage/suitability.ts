// The brokerage account's suitability questions and their answers, in the order they are asked: the
// open-account form asks them (./OpenAccountForm.tsx) and the active account shows the answers.
export const QUESTIONS = {
  experience: ['none', 'some', 'experienced'],
  risk_tolerance: ['low', 'medium', 'high'],
  horizon: ['short', 'medium', 'long'],
} as const;
export type Question = keyof typeof QUESTIONS;
export const QUESTION_NAMES = Object.keys(QUESTIONS) as Question[];
