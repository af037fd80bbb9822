// The BFF's sub-apps serve the contract's declarations (src/shared/contract) through OpenAPIHono:
// `.openapi(route, handler)` validates params, query and body against the declared schemas and
// registers the route in the OpenAPI document. A failed check is 400 {message, code} naming the field,
// exactly as the platform's validate() answers (same issueMessage), never a raw ZodError.
import { OpenAPIHono } from '@hono/zod-openapi';
import { refuseWith } from '../platform/errors';
import { issueMessage } from '../platform/validate';
import type { AppEnv } from './env';

export function contractApp() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return refuseWith(c, 400, issueMessage(result.error.issues), 'validation_failed');
    },
  });
}
