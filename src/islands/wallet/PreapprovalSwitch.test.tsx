// "Accept incoming transfers automatically": a labelled switch that shows the server's answer, stays
// as it was when the save fails (with the reason in the user's language).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t as translate } from '../../i18n';
import { $auth } from '../../stores/auth';
import { $lang } from '../../stores/lang';
import { $preapproval, loadPreapproval } from '../../stores/p2p';
import { PreapprovalSwitch } from './PreapprovalSwitch';

const ACC = '22222222-2222-4222-8222-222222222222';
let putStatus = 200;
const puts: unknown[] = [];

beforeEach(() => {
  putStatus = 200;
  puts.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'PUT') {
      puts.push(JSON.parse(String(init!.body)));
      return putStatus === 200
        ? Response.json({ data: { enabled: true, expiresAt: '2027-02-23T12:00:00.000Z' } })
        : Response.json({ message: 'Too many requests', code: 'rate_limited' }, { status: 429 });
    }
    return Response.json({ data: { enabled: false, expiresAt: null } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $lang.set('en');
});

describe('PreapprovalSwitch', () => {
  it('is a switch named by its label; pressing it turns the preapproval on', async () => {
    await loadPreapproval(ACC);
    render(<PreapprovalSwitch />);
    const toggle = screen.getByRole('switch', { name: translate('en', 'wallet.preapproval.label') });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.click(toggle));
    expect(puts).toEqual([{ enabled: true }]);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect($preapproval.get().expiresAt).toBe('2027-02-23T12:00:00.000Z');
  });

  it('stays off when the save fails, and says why in the user’s language', async () => {
    $lang.set('es');
    putStatus = 429;
    await loadPreapproval(ACC);
    render(<PreapprovalSwitch />);
    const toggle = screen.getByRole('switch');
    await act(async () => fireEvent.click(toggle));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('alert').textContent).toContain(translate('es', 'wallet.preapproval.error'));
  });
});
