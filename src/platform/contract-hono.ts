// One factory for the Hono apps that serve the contract's declarations (src/shared/contract): the
// BFF's sub-apps and the embedded core's routers. OpenAPIHono validates each route's params, query
// and body against its declaration and types the handler's answer against the declared responses; a
// failed check answers 400 {message, code} naming the field (contractHook), never a raw ZodError.
// Platform-level because src/core must not import src/worker (src/architecture.test.ts).
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { contractHook } from './validate';

export const contractHono = <E extends Env>() => new OpenAPIHono<E>({ defaultHook: contractHook });

/**
 * A success answer sent as 201 Created: the contract declares each endpoint's success as 200 `{data}`
 * (the BFF answers 200), while the core answers creations with 201 as an upstream would. The body is
 * still the typed 200 answer, so its `data` is checked against the declaration.
 */
export function created<T extends Response>(res: T): T {
  return new Response(res.body, { status: 201, headers: res.headers }) as T;
}
