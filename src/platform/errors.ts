// Error answers with their stable code (src/shared/error-codes.ts), for the BFF, the local sign-in
// service's shared middleware and the embedded core alike: `{message, code}`, the code named at the
// site or else the one its status implies.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { defaultErrorCode, type ErrorCode } from '../shared/error-codes';

export type ErrorBody = { message: string; code: ErrorCode };

/** `{message, code}`; the code by status when the site names none. */
export const errorBody = (status: number, message: string, code?: ErrorCode): ErrorBody => ({ message, code: code ?? defaultErrorCode(status) });

/** The JSON error answer of a handler or middleware. */
export const refuseWith = (c: Context, status: ContentfulStatusCode, message: string, code?: ErrorCode) => c.json(errorBody(status, message, code), status);

/** A known refusal thrown from deep in a service: the app's onError answers it with its code. */
export class Refusal extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    message: string,
    readonly code: ErrorCode = defaultErrorCode(status),
  ) {
    super(status, { message });
  }
}

/** onError's answer to an HTTPException (a Refusal keeps its code); null for anything else. */
export function knownErrorAnswer(c: Context, err: Error): Response | null {
  if (!(err instanceof HTTPException)) return null;
  return refuseWith(c, err.status, err.message || 'Bad request', err instanceof Refusal ? err.code : undefined);
}

/** onError's answer to the unexpected (logged by the caller). */
export const internalErrorAnswer = (c: Context) => refuseWith(c, 500, 'Internal server error', 'internal_error');
