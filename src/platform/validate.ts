// A failed check of a request becomes 400 {message, code} naming the field, never a raw ZodError.
// The code is 'validation_failed' unless the first issue names a stable code of its own (a custom
// issue's `params.code`, e.g. a send below the minimum: 'amount_below_minimum').
// Shared by the BFF's routes and the embedded core's routes (both validate against the same schemas).
import type { Context } from 'hono';
import { isErrorCode, type ErrorCode } from '../shared/error-codes';
import { refuseWith } from './errors';

type Issue = { path: readonly PropertyKey[]; message: string; params?: unknown };

/** The code a failed check answers: the first issue's own stable code when it names one. */
export function issueCode(issues: readonly Issue[]): ErrorCode {
  const code = (issues[0]?.params as { code?: unknown } | undefined)?.code;
  return isErrorCode(code) ? code : 'validation_failed';
}

export function issueMessage(issues: readonly Issue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid input';
  const field = first.path.map(String).join('.');
  return field ? `${field}: ${first.message}` : first.message;
}

/**
 * The defaultHook of every OpenAPIHono app that serves the contract (the BFF's and the embedded
 * core's): a failed check answers 400 {message, code} as above.
 */
export function contractHook(result: { success: true } | { success: false; error: { issues: readonly Issue[] } }, c: Context) {
  if (!result.success) return refuseWith(c, 400, issueMessage(result.error.issues), issueCode(result.error.issues));
}
