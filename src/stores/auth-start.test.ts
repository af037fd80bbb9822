// startAuth decides from localStorage what the auth client would say, before that client has loaded.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: string, session: unknown) => void;
let listener: Listener | undefined;
// Holds the client's module back until the test releases it, as a slow network would.
let gate = Promise.withResolvers<void>();
const release = () => gate.resolve();

vi.mock('../lib/auth-client', async () => {
  await gate.promise;
  return { authClient: () => ({ onAuthStateChange: (fn: Listener) => (listener = fn) }) };
});

const session = (expiresInS: number) => ({
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: expiresInS,
  expires_at: Math.floor(Date.now() / 1000) + expiresInS,
  user: { id: 'u1', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '' },
});

async function freshStore() {
  vi.resetModules();
  return import('./auth');
}

describe('startAuth before the auth client has loaded', () => {
  beforeEach(() => {
    localStorage.clear();
    gate = Promise.withResolvers<void>();
  });
  afterEach(async () => {
    // Let this test's client finish loading before the next test starts listening.
    release();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    listener = undefined;
  }, 10_000);

  it('is signed out at once when nothing is stored', async () => {
    const { $auth, startAuth } = await freshStore();
    startAuth();
    expect($auth.get().status).toBe('unauthenticated');
  });

  it('is signed in at once with a stored session valid for more than two minutes', async () => {
    localStorage.setItem('dolar-auth', JSON.stringify(session(3600)));
    const { $auth, startAuth } = await freshStore();
    startAuth();
    expect($auth.get()).toMatchObject({ status: 'authenticated', user: { id: 'u1' } });
  });

  it('waits for the client when the stored session is about to expire (the client refreshes it first)', async () => {
    localStorage.setItem('dolar-auth', JSON.stringify(session(60)));
    const { $auth, startAuth } = await freshStore();
    startAuth();
    expect($auth.get().status).toBe('loading');
    release();
    await vi.waitFor(() => expect(listener).toBeDefined());
    listener!('SIGNED_OUT', null);
    expect($auth.get().status).toBe('unauthenticated');
  });

  it("loads the client only after the page has loaded when storage answered, and keeps the same state object when the client's first event agrees", async () => {
    const { $auth, startAuth } = await freshStore();
    startAuth();
    const before = $auth.get();
    release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listener).toBeUndefined();
    await vi.waitFor(() => expect(listener).toBeDefined(), { timeout: 5000 });
    listener!('INITIAL_SESSION', null);
    expect($auth.get()).toBe(before);
  });
});
