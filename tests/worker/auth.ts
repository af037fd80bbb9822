// Sign-in helper for the workerd integration tests: signs in through the local sign-in service
// (/auth/v1) with the configured test number, or with any other phone by reading its one-time code
// from the Worker's log. Other test files (wallets, transactions, support...) reuse it.
import { SignJWT } from 'jose';
import { vi } from 'vitest';
import { call } from './helpers';

export const TEST_PHONE = '+1 555 555 0100';
export const TEST_CODE = '123456';

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
  body: JSON.stringify(body),
});

/** A fresh, valid phone number (+1 555 …) for a new user. */
export function uniquePhone(): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000_000;
  return `+1555${String(n).padStart(7, '0')}`;
}

/** Sends a code to `phone` and returns it, read from the Worker's log line. */
export async function requestCode(phone: string): Promise<string> {
  const logged: string[] = [];
  const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(' '));
  });
  try {
    const res = await call('/auth/v1/otp', json({ phone, channel: 'sms', create_user: true }));
    if (res.status !== 200) throw new Error(`POST /auth/v1/otp answered ${res.status}: ${await res.text()}`);
  } finally {
    spy.mockRestore();
  }
  const code = logged.map((line) => /one-time code for \+\d+: (\d{6})/.exec(line)?.[1]).find(Boolean);
  if (!code) throw new Error(`no code was logged for ${phone}`);
  return code;
}

/** Signs in; `session` is the whole answer, as the browser's client keeps it (cookie tests). */
export async function signIn(phone?: string): Promise<{ accessToken: string; refreshToken: string; userId: string; session: Record<string, unknown> }> {
  const number = phone ?? TEST_PHONE;
  const isTestNumber = number.replace(/\D/g, '') === TEST_PHONE.replace(/\D/g, '');
  const code = isTestNumber ? TEST_CODE : await requestCode(number);
  const res = await call('/auth/v1/verify', json({ phone: number, token: code, type: 'sms' }));
  if (res.status !== 200) throw new Error(`POST /auth/v1/verify answered ${res.status}: ${await res.text()}`);
  const session = await res.json<{ access_token: string; refresh_token: string; user: { id: string } }>();
  return { accessToken: session.access_token, refreshToken: session.refresh_token, userId: session.user.id, session };
}

/** The `session_id` an access token names. */
export const sessionIdOf = (token: string): string => JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).session_id as string;

/** The user the Worker's page guard would hand a page for this sign-in (src/worker/pages/page-user.ts). */
export const pageUser = (who: { userId: string; accessToken: string }) => ({
  id: who.userId,
  sessionId: sessionIdOf(who.accessToken),
  accessToken: who.accessToken,
});

/** Headers of an authenticated BFF call. */
export const bearer = (accessToken: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${accessToken}`, ...extra });

/**
 * An access token as a Supabase project issues it (iss `<project>/auth/v1`, aud `authenticated`,
 * iat now, exp in 1 h), signed with a test's own key: the production-mode tests' stand-in project.
 */
export function projectToken(
  privateKey: CryptoKey,
  opts: { project: string; header: { alg: string; kid?: string; typ?: string }; sub?: string; claims?: Record<string, unknown> },
): Promise<string> {
  return new SignJWT(opts.claims ?? { role: 'authenticated', session_id: crypto.randomUUID() })
    .setProtectedHeader(opts.header)
    .setIssuer(`${opts.project}/auth/v1`)
    .setAudience('authenticated')
    .setSubject(opts.sub ?? crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

/** Calls the Worker as a signed-in user with a JSON body; answers the status, the text and the parsed body. */
export async function apiAs(who: { accessToken: string }, method: string, path: string, body?: unknown) {
  const res = await call(path, {
    method,
    headers: { ...bearer(who.accessToken), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
}

/** Calls the Worker as `who` and answers the 200 answer's `data`; any other status throws with the answer. */
export async function okAs(who: { accessToken: string }, method: string, path: string, body?: unknown) {
  const res = await apiAs(who, method, path, body);
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
  return res.body.data;
}

/** A person signed in with a digital-assets wallet, given `fundsCc` CC from the treasury (accepted) when named. */
export async function personWithWallet(fundsCc?: string, phone = uniquePhone()) {
  const s = await signIn(phone);
  const accountId = (await okAs(s, 'GET', '/api/accounts/user/accounts')).accounts[0].account_id as string;
  const partyId = (await okAs(s, 'POST', '/api/wallets/digital-asset', { account_id: accountId })).cantonPartyId as string;
  if (fundsCc) {
    await okAs(s, 'POST', '/api/wallets/transfer', { account_id: accountId, amount: fundsCc });
    await okAs(s, 'POST', '/api/wallets/auto-accept', { account_id: accountId });
  }
  return { s, phone, accountId, partyId };
}
