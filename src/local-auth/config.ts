// Settings of the local sign-in service and of every access-token check, read from the Worker's
// vars (README, Configuration) with their defaults, in one place so that the sign-in service and
// the BFF apply the same figures.

import type { AuthVars } from '../platform/bindings';

export type { AuthVars };

export interface AuthSettings {
  /** The wrapping secret, or undefined: then the embedded sign-in refuses to sign (fail closed). */
  secret: string | undefined;
  /** A session no refresh has touched for this long is over (ms). */
  sessionInactivityMs: number;
  /** A session is over this long after its sign-in, however active (ms). */
  sessionLifetimeMs: number;
  /** A rotated refresh token presented again within this window answers the current pair (ms). */
  reuseIntervalMs: number;
  /** Access tokens whose exp - iat is larger are refused (s). */
  maxTokenLifetimeS: number;
  /** The signing key is replaced once it is this old (ms). */
  signingKeyMaxAgeMs: number;
}

const DAY_S = 24 * 60 * 60;

/** Lifetime of the access tokens the local service issues (as Supabase's default). */
export const ACCESS_TOKEN_TTL_S = 3600;

/** How far in the future an `iat` may be (clocks of the issuer and this Worker differ a little). */
export const CLOCK_SKEW_S = 60;

// Defaults and why:
// - inactivity 7 days: the refresh token is the long-lived credential; a phone left unused for a week
//   signs in again with a code, while anyone opening the app weekly stays signed in (auth-js
//   refreshes every hour while the app is open, which counts as activity).
// - lifetime 30 days: a stolen refresh token (or an unattended device) is bounded to a month whatever
//   it does, and every user proves the phone again once a month; for money this is a modest cost.
// - reuse interval 10 s: Supabase Auth's default (GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL).
// - max token lifetime 3600 s: what the local service issues and Supabase projects' default JWT
//   expiry; raise it only to match a project configured for longer tokens.
// - signing key age 90 days: routine rotation without ops work; retiring by hand is documented too.
export const DEFAULTS = {
  AUTH_SESSION_INACTIVITY_S: 7 * DAY_S,
  AUTH_SESSION_LIFETIME_S: 30 * DAY_S,
  AUTH_REFRESH_TOKEN_REUSE_INTERVAL_S: 10,
  AUTH_MAX_TOKEN_LIFETIME_S: 3600,
  AUTH_SIGNING_KEY_MAX_AGE_S: 90 * DAY_S,
} as const;

/** A whole number of seconds (a typo must not silently mean "never"): otherwise the default, logged. */
function seconds(vars: AuthVars, name: keyof typeof DEFAULTS): number {
  const raw = vars[name]?.trim();
  if (!raw) return DEFAULTS[name];
  if (/^[0-9]{1,10}$/.test(raw) && Number(raw) > 0) return Number(raw);
  console.error(`[auth] configuration error: ${name}=${JSON.stringify(raw)} is not a positive whole number of seconds; using ${DEFAULTS[name]}`);
  return DEFAULTS[name];
}

export function authSettings(vars: AuthVars): AuthSettings {
  return {
    secret: vars.AUTH_SIGNING_KEY_SECRET || undefined,
    sessionInactivityMs: seconds(vars, 'AUTH_SESSION_INACTIVITY_S') * 1000,
    sessionLifetimeMs: seconds(vars, 'AUTH_SESSION_LIFETIME_S') * 1000,
    reuseIntervalMs: seconds(vars, 'AUTH_REFRESH_TOKEN_REUSE_INTERVAL_S') * 1000,
    maxTokenLifetimeS: seconds(vars, 'AUTH_MAX_TOKEN_LIFETIME_S'),
    signingKeyMaxAgeMs: seconds(vars, 'AUTH_SIGNING_KEY_MAX_AGE_S') * 1000,
  };
}

/** Raised when the embedded sign-in cannot run safely as configured (e.g. no wrapping secret). */
export class AuthConfigError extends Error {
  override name = 'AuthConfigError';
}
