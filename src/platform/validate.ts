// zValidator wrapped once: a failed check becomes 400 {message, code: 'validation_failed'} naming the
// field, never a raw ZodError.
// Shared by the BFF's routes and the embedded core's routes (both validate against the same schemas).
import { zValidator } from '@hono/zod-validator';
import type { Context, ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { refuseWith } from './errors';

export function issueMessage(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  if (!first) return 'Invalid input';
  const field = first.path.map(String).join('.');
  return field ? `${field}: ${first.message}` : first.message;
}

export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result, c) => {
    if (!result.success) return refuseWith(c, 400, issueMessage(result.error.issues), 'validation_failed');
  });

/**
 * The defaultHook of every OpenAPIHono app that serves the contract (the BFF's and the embedded
 * core's): a failed check answers 400 {message, code: 'validation_failed'} exactly as validate() does.
 */
export function contractHook(
  result: { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
  c: Context,
) {
  if (!result.success) return refuseWith(c, 400, issueMessage(result.error.issues), 'validation_failed');
}
