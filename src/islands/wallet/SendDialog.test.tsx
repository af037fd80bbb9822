// The send dialog: validation in the user's language without any call, resolve then confirm (what
// happens next depends on the receiver's preapproval), and one Idempotency-Key per intent: kept
// across the automatic retries and the user's own "Try again" after a lost answer, new for a new intent.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t as translate, type TranslationKey } from '../../i18n';
import { $auth } from '../../stores/auth';
import { $lang } from '../../stores/lang';
import { SendDialog } from './SendDialog';

const ACC = '22222222-2222-4222-8222-222222222222';
const BOB = `bob-7777::1220${'c'.repeat(64)}`;
const ME = `ana::1220${'a'.repeat(64)}`;

interface Call {
  path: string;
  key: string | null;
  body: unknown;
}
let calls: Call[] = [];
let sendAnswers: (() => Response)[] = [];
let preapproved = false;
let displayName = 'Bob M.';

const sends = () => calls.filter((c) => c.path === '/api/wallets/canton/send');
const s = (key: TranslationKey, params?: Record<string, string | number>) => translate($lang.get(), key, params);
const flush = () => act(() => vi.advanceTimersByTimeAsync(5000));
const sent = (status: 'COMPLETED' | 'PENDING') =>
  Response.json({
    data: {
      transactionId: 't1',
      offerId: status === 'PENDING' ? `00${'d'.repeat(64)}` : null,
      status,
      amount: '2.5000000000',
      amount_usd_cents: 38,
      senderPartyId: ME,
      receiverPartyId: BOB,
      expiresAt: null,
      affectedParties: [ME, BOB],
    },
  });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  calls = [];
  sendAnswers = [];
  preapproved = false;
  displayName = 'Bob M.';
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const headers = new Headers(init?.headers);
    calls.push({ path: url.pathname, key: headers.get('idempotency-key'), body: init?.body ? JSON.parse(String(init.body)) : null });
    if (url.pathname.endsWith('/receivers/resolve')) return Response.json({ data: { partyId: BOB, displayName, preapproved } });
    const next = sendAnswers.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next();
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  $lang.set('en');
});

function open(onSent = vi.fn()) {
  render(<SendDialog open onClose={() => {}} accountId={ACC} available="15.0000000000" price="0.15" onSent={onSent} />);
  return onSent;
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function toConfirm(amount = '2.5', receiver = '+1 555 555 0131') {
  type(s('wallet.send.receiver.label'), receiver);
  type(s('wallet.send.amount.label'), amount);
  fireEvent.click(screen.getByRole('button', { name: s('wallet.send.continue') }));
  await flush();
}

describe('SendDialog', () => {
  it('shows what is wrong in the user’s language and calls nothing', async () => {
    $lang.set('es');
    open();
    fireEvent.click(screen.getByRole('button', { name: s('wallet.send.continue') }));
    await flush();
    expect(screen.getByText(translate('es', 'wallet.send.error.receiverRequired'))).toBeTruthy();
    expect(screen.getByText(translate('es', 'wallet.send.error.amountRequired'))).toBeTruthy();

    type(s('wallet.send.receiver.label'), 'bob');
    type(s('wallet.send.amount.label'), '15.0000000001');
    expect(screen.getByText(translate('es', 'errors.receiverInvalid'))).toBeTruthy();
    expect(screen.getByText(translate('es', 'wallet.send.error.moreThanAvailable'))).toBeTruthy();
    expect(screen.getByLabelText(s('wallet.send.amount.label')).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('refuses an amount below the minimum send (dust) before any call, in the user’s language', async () => {
    $lang.set('fs');
    open();
    type(s('wallet.send.receiver.label'), '+1 555 555 0131');
    type(s('wallet.send.amount.label'), '0.0000000001');
    fireEvent.click(screen.getByRole('button', { name: s('wallet.send.continue') }));
    await flush();
    expect(screen.getByText('Le plus petit montant que vous pouvez envoyer est 0,10 CC.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the USD value of the typed amount at the current price', () => {
    open();
    type(s('wallet.send.amount.label'), '10');
    expect(document.querySelector('[data-send-usd]')!.textContent).toBe(s('wallet.send.amount.usd', { usd: '$1.50', price: '$0.15' }));
  });

  it('resolves the receiver on Continue and confirms: masked name, party 6...6, amount, USD, and the 24 h offer', async () => {
    open();
    await toConfirm();
    expect(calls).toEqual([{ path: '/api/wallets/canton/receivers/resolve', key: null, body: { account_id: ACC, receiver: '+15555550131' } }]);
    expect(screen.getByRole('dialog').getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByText(s('wallet.send.confirm.title'))).toBeTruthy();
    expect(document.querySelector('[data-send-name]')!.textContent).toBe('Bob M.');
    expect(screen.getByText('bob-77...cccccc')).toBeTruthy();
    expect(document.querySelector('[data-send-amount]')!.textContent).toBe('2.50 CC');
    expect(screen.getByText('$0.38')).toBeTruthy();
    expect(document.querySelector('[data-send-next]')!.textContent).toBe(s('wallet.send.confirm.offer', { name: 'Bob M.' }));
  });

  it('confirms the phone as typed, the masked name, and the party id once', async () => {
    open();
    await toConfirm();
    expect(document.querySelector('[data-send-phone]')!.textContent).toBe('+1 555 555 0131');
    expect(document.querySelector('[data-send-party]')!.textContent).toBe('bob-77...cccccc');
    cleanup();

    // A person without a name is named by their shortened party id: shown once, not twice in two styles.
    displayName = 'bob-77...cccccc';
    open();
    await toConfirm();
    expect(document.querySelector('[data-send-name]')!.textContent).toBe('bob-77...cccccc');
    expect(document.querySelector('[data-send-party]')).toBeNull();
    expect(document.querySelector('[data-send-summary]')!.textContent.split('cccccc')).toHaveLength(2);
  });

  it("confirms a phone typed without its country's grouping in international form", async () => {
    open();
    await toConfirm('2.5', '+525512345678');
    expect(document.querySelector('[data-send-phone]')!.textContent).toBe('+52 55 1234 5678');
    cleanup();

    open();
    await toConfirm('2.5', '+52 55-1234-5678');
    expect(document.querySelector('[data-send-phone]')!.textContent).toBe('+52 55 1234 5678');
  });

  it('names no phone when the receiver was typed as a party id', async () => {
    open();
    await toConfirm('2.5', BOB);
    expect(document.querySelector('[data-send-phone]')).toBeNull();
    expect(document.querySelector('[data-send-name]')!.textContent).toBe('Bob M.');
  });

  it('takes an amount typed with a decimal comma in Spanish and sends it as a decimal', async () => {
    $lang.set('es');
    open();
    type(s('wallet.send.amount.label'), '2,5');
    expect(document.querySelector('[data-send-usd]')!.textContent).toBe(s('wallet.send.amount.usd', { usd: '$0.38', price: '$0.15' }));
    await toConfirm('2,5');
    expect(document.querySelector('[data-send-amount]')!.textContent).toBe('2.50 CC');
    sendAnswers = [() => sent('PENDING')];
    fireEvent.click(screen.getByRole('button', { name: s('wallet.send.submit') }));
    await flush();
    expect(sends()[0]!.body).toMatchObject({ amount: '2.5' });
  });

  it('says it settles at once when the receiver has a preapproval', async () => {
    preapproved = true;
    open();
    await toConfirm();
    expect(document.querySelector('[data-send-next="instant"]')!.textContent).toBe(s('wallet.send.confirm.instant', { name: 'Bob M.' }));
    sendAnswers = [() => sent('COMPLETED')];
    fireEvent.click(screen.getByRole('button', { name: s('wallet.send.submit') }));
    await flush();
    expect(screen.getByRole('status').textContent).toBe(s('wallet.send.success.completed', { amount: '2.50 CC', name: 'Bob M.' }));
  });

  it('keeps one Idempotency-Key for the intent across its automatic retries and the user’s Try again', async () => {
    const onSent = open();
    await toConfirm();
    // Every try of the first press is lost (3 tries), then the user tries again and it goes through.
    fireEvent.click(screen.getByRole('button', { name: s('wallet.send.submit') }));
    await flush();
    expect(sends()).toHaveLength(3);
    expect(screen.getByRole('alert').textContent).toBe(s('wallet.send.error.unknown'));
    sendAnswers = [() => sent('PENDING')];
    fireEvent.click(screen.getByRole('button', { name: s('common.retry') }));
    await flush();
    expect(sends()).toHaveLength(4);
    const keys = new Set(sends().map((c) => c.key));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(sends()[3]!.body).toEqual({ account_id: ACC, receiver_party: BOB, amount: '2.5' });
    expect(screen.getByRole('status').textContent).toBe(s('wallet.send.success.pending', { amount: '2.50 CC', name: 'Bob M.' }));
    expect(onSent).toHaveBeenCalled();

    // Done, then a second send: another intent, another key.
    fireEvent.click(screen.getByRole('button', { name: s('wallet.send.done') }));
    await toConfirm('1');
    sendAnswers = [() => sent('PENDING')];
    fireEvent.click(screen.getByRole('button', { name: s('wallet.send.submit') }));
    await flush();
    expect(sends()).toHaveLength(5);
    expect(sends()[4]!.key).not.toBe(sends()[0]!.key);
  });

  it('maps a refusal through the error texts, sends once, and a new attempt is a new intent', async () => {
    $lang.set('fs');
    open();
    await toConfirm();
    sendAnswers = [() => Response.json({ message: 'Insufficient funds', code: 'insufficient_funds' }, { status: 409 })];
    fireEvent.click(screen.getByRole('button', { name: s('wallet.send.submit') }));
    await flush();
    expect(sends()).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe(translate('fs', 'errors.insufficientFunds'));
    fireEvent.click(screen.getByRole('button', { name: s('common.back') }));
    await toConfirm('1');
    sendAnswers = [() => sent('PENDING')];
    fireEvent.click(screen.getByRole('button', { name: s('wallet.send.submit') }));
    await flush();
    expect(sends()[1]!.key).not.toBe(sends()[0]!.key);
  });

  it('shows receiver_not_found and self_transfer from Continue in the user’s language', async () => {
    $lang.set('es');
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Receiver not found', code: 'receiver_not_found' }, { status: 404 }));
    open();
    await toConfirm();
    expect(screen.getByRole('alert').textContent).toBe(translate('es', 'errors.receiverNotFound'));
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Self', code: 'self_transfer' }, { status: 400 }));
    fireEvent.click(screen.getByRole('button', { name: s('wallet.send.continue') }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(translate('es', 'errors.selfTransfer'));
  });
});

describe('SendDialog from the keyboard', () => {
  it('keeps focus inside the dialog after Continue, so Escape still closes it', async () => {
    const onClose = vi.fn();
    render(<SendDialog open onClose={onClose} accountId={ACC} available="15.0000000000" price="0.15" onSent={() => {}} />);
    await toConfirm();
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });
});
