import { afterEach, describe, expect, it, vi } from 'vitest';
import { $auth } from './auth';
import { api, accountApi, ApiError, unwrap } from './api';

const signedIn = () =>
  $auth.set({
    status: 'authenticated',
    user: { id: 'user-1' } as never,
    session: { access_token: 'tok', refresh_token: 'ref' } as never,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  $auth.set({ status: 'unauthenticated', user: null, session: null });
});

describe('the typed BFF client', () => {
  it('sends the bearer token and x-user-id and unwraps data', async () => {
    signedIn();
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json({ data: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(unwrap(api().health.$get())).resolves.toEqual({ ok: true });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('x-user-id')).toBe('user-1');
  });

  it('throws the body message on a failure', async () => {
    signedIn();
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Account not found' }, { status: 404 }));
    await expect(unwrap(api().health.$get())).rejects.toThrow('Account not found');
  });

  it("throws 'HTTP error! status: {code}' when the failure has no message", async () => {
    signedIn();
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 503 }));
    const err = await unwrap(api().health.$get()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('HTTP error! status: 503');
  });

  it('fails locally without a token, with the message of the call family', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(unwrap(accountApi().health.$get())).rejects.toThrow('No access token available');
    await expect(unwrap(api().health.$get())).rejects.toThrow('No authentication token available');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
