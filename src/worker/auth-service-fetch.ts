// The fetch the Worker's own calls to the sign-in provider go through (the page guard's refreshes,
// /login's forms). With a Supabase project it is the platform's fetch. In the embedded default the
// sign-in service is this Worker's own /auth/v1, answered in-process (a Worker's fetch to its own
// origin would not come back to it), with the visitor's address so its per-IP limits
// (RL_AUTH_*, src/shared/limiters.ts) count the visitor, not the Worker.
import type { Bindings } from './env';
import { app } from './index';

export function authServiceFetch(request: Request, env: Bindings, ctx: Parameters<typeof app.fetch>[2]): typeof fetch {
  if ((env.PUBLIC_SUPABASE_URL ?? '').trim()) return fetch;
  const ip = request.headers.get('cf-connecting-ip');
  return async (input, init) => {
    const req = new Request(input, init);
    if (new URL(req.url).origin !== new URL(request.url).origin) return fetch(req);
    if (ip) req.headers.set('cf-connecting-ip', ip);
    return app.fetch(req, env, ctx);
  };
}
