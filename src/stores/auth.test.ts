import { describe, expect, it } from 'vitest';
import type { Session } from '@supabase/auth-js';
import { initialAuth, reduceAuth } from './auth';

const session = {
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: 3600,
  user: { id: 'u1', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '' },
} as unknown as Session;

describe('reduceAuth', () => {
  it('starts in the loading state', () => {
    expect(initialAuth.status).toBe('loading');
  });
  it('sets the user and the authenticated flag on a signed-in event', () => {
    const s = reduceAuth(initialAuth, 'SIGNED_IN', session);
    expect(s).toMatchObject({ status: 'authenticated', user: { id: 'u1' } });
  });
  it('sets the state from the session on the initial-session event', () => {
    expect(reduceAuth(initialAuth, 'INITIAL_SESSION', session).status).toBe('authenticated');
    expect(reduceAuth(initialAuth, 'INITIAL_SESSION', null).status).toBe('unauthenticated');
  });
  it('clears the user on a signed-out event', () => {
    const signedIn = reduceAuth(initialAuth, 'SIGNED_IN', session);
    expect(reduceAuth(signedIn, 'SIGNED_OUT', null)).toEqual({ status: 'unauthenticated', user: null, session: null });
  });
  it('treats a session without a refresh token as signed out', () => {
    const half = { ...session, refresh_token: '' } as Session;
    expect(reduceAuth(initialAuth, 'INITIAL_SESSION', half).status).toBe('unauthenticated');
  });
});
