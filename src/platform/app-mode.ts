// What a Worker is allowed to serve, from one variable: APP_MODE. A deployed Worker must never fall
// back to the embedded sign-in service (codes only in its log) or the embedded core on its D1
// because someone forgot PUBLIC_SUPABASE_URL or UPSTREAM_API_URL, so only an explicit mode allows
// them: `local` (config/local.env, read by local runs only) and `demo` (`npm run deploy:demo`,
// whose pages carry a demo banner). Unset, `production` or anything else is production: a missing
// Supabase project or upstream makes /auth/v1 and /api (but /api/health) answer 503.
// Platform-level because both the BFF (requireConfiguration) and the local sign-in service
// (localTestOtps) read it.
import type { MiddlewareHandler } from 'hono';
import type { Bindings } from './bindings';
import { refuseWith } from './errors';

export type AppMode = 'local' | 'demo' | 'production';

type ModeEnv = Pick<Bindings, 'APP_MODE' | 'PUBLIC_SUPABASE_URL' | 'UPSTREAM_API_URL' | 'AUTH_TEST_OTP'>;

export function appMode(env: ModeEnv): AppMode {
  const mode = env.APP_MODE?.trim();
  return mode === 'local' || mode === 'demo' ? mode : 'production';
}

/** The fixed-code test numbers, honoured in local runs only (defence in depth: they never reach wrangler.toml). */
export const localTestOtps = (env: ModeEnv): string | undefined => (appMode(env) === 'local' ? env.AUTH_TEST_OTP : undefined);

/** What a production Worker lacks to serve `path`, or null when it may serve it. */
export function missingConfiguration(env: ModeEnv, path: string): string | null {
  if (appMode(env) !== 'production') return null;
  const missing = [!env.PUBLIC_SUPABASE_URL?.trim() && 'PUBLIC_SUPABASE_URL', !env.UPSTREAM_API_URL?.trim() && 'UPSTREAM_API_URL'].filter(
    (name): name is string => typeof name === 'string',
  );
  if (path === '/auth/v1' || path.startsWith('/auth/v1/')) {
    // With a Supabase project the local service is simply absent (404, below); without one there is
    // nothing this Worker may answer for sign-in.
    return missing.includes('PUBLIC_SUPABASE_URL') ? 'PUBLIC_SUPABASE_URL' : null;
  }
  if (path === '/api/health' || !(path === '/api' || path.startsWith('/api/'))) return null;
  // Every other /api route needs both: tokens from the Supabase project and data from the upstream.
  return missing.length > 0 ? missing.join(', ') : null;
}

export const NOT_CONFIGURED = 'This server is not configured';

let logged = false;
/** Tests only: the next refusal logs again. */
export const forgetLoggedConfigurationError = () => {
  logged = false;
};

/** Answers 503 {message, code: 'not_configured'} where a production Worker lacks its configuration; logs it once per isolate. */
export function requireConfiguration(): MiddlewareHandler<{ Bindings: Bindings }> {
  return async function requireConfiguration(c, next) {
    const missing = missingConfiguration(c.env, c.req.path);
    if (!missing) return next();
    if (!logged) {
      logged = true;
      const unset = ['PUBLIC_SUPABASE_URL', 'UPSTREAM_API_URL'].filter((name) => !c.env[name as keyof ModeEnv]?.trim());
      const mode = c.env.APP_MODE?.trim();
      const unknown = mode && mode !== 'production' ? `; APP_MODE "${mode}" is not local or demo, so it counts as production` : '';
      console.error(
        `configuration error: ${unset.join(' and ')} not set in production mode: /api and /auth/v1 answer 503 instead of the embedded services${unknown}`,
      );
    }
    return refuseWith(c, 503, NOT_CONFIGURED, 'not_configured');
  };
}
