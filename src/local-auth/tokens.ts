// Access tokens as Supabase Auth issues them (ES256, GoTrue's claims) and the session and user JSON
// that @supabase/auth-js parses after /verify and /token.
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_S, type AuthSettings } from './config';
import { currentSigningKey } from './keys';

export { ACCESS_TOKEN_TTL_S };
import type { AuthUserRow } from './store';

export const AUDIENCE = 'authenticated';

/** The issuer of local tokens: the origin that served the sign-in, plus /auth/v1 (as Supabase). */
export const localIssuer = (origin: string) => `${origin}/auth/v1`;

export function userJson(u: AuthUserRow) {
  return {
    id: u.id,
    aud: AUDIENCE,
    role: 'authenticated',
    email: '',
    phone: u.phone,
    phone_confirmed_at: u.phone_confirmed_at,
    confirmed_at: u.phone_confirmed_at,
    last_sign_in_at: u.last_sign_in_at,
    app_metadata: { provider: 'phone', providers: ['phone'] },
    user_metadata: JSON.parse(u.user_metadata) as Record<string, unknown>,
    identities: [] as unknown[],
    created_at: u.created_at,
    updated_at: u.updated_at,
    is_anonymous: false,
  };
}

export async function signAccessToken(
  db: D1Database,
  settings: AuthSettings,
  issuer: string,
  user: AuthUserRow,
  sessionId: string,
  now = Math.floor(Date.now() / 1000),
) {
  const key = await currentSigningKey(db, settings);
  const exp = now + ACCESS_TOKEN_TTL_S;
  const token = await new SignJWT({
    email: '',
    phone: user.phone,
    app_metadata: { provider: 'phone', providers: ['phone'] },
    user_metadata: JSON.parse(user.user_metadata) as Record<string, unknown>,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'otp', timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(user.id)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(key.privateKey);
  return { token, exp };
}

export async function sessionJson(db: D1Database, settings: AuthSettings, issuer: string, user: AuthUserRow, sessionId: string, refreshToken: string) {
  const { token, exp } = await signAccessToken(db, settings, issuer, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}
