// The "Action required" list: loading, empty, error (Try again) states; incoming rows (the treasury
// named as test funds in the user's language, a person by masked name) with Accept and Reject,
// outgoing rows with Withdraw; and the store's action refetching offers after it.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGS, t as translate } from '../../i18n';
import { $auth } from '../../stores/auth';
import { $lang } from '../../stores/lang';
import { $offerBusy, $offers, actOnOffer, type OffersState, type PendingOffer } from '../../stores/p2p';
import { ActionRequired } from './ActionRequired';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const ACC = '22222222-2222-4222-8222-222222222222';
const offer = (over: Partial<PendingOffer>): PendingOffer => ({
  offerId: `00${'1'.repeat(64)}`,
  direction: 'incoming',
  counterpartyPartyId: `treasury::1220${'b'.repeat(64)}`,
  counterpartyName: 'Dólar treasury',
  counterpartyKind: 'treasury',
  amount: '100.0000000000',
  amount_usd_cents: 1500,
  expiresAt: new Date(NOW + 23 * 3_600_000 + 5 * 60_000).toISOString(),
  createdAt: new Date(NOW).toISOString(),
  ...over,
});
const TREASURY = offer({});
const BOB = offer({ offerId: `00${'2'.repeat(64)}`, counterpartyKind: 'person', counterpartyName: 'Bob M.', amount: '2.5000000000', amount_usd_cents: 38 });
const MINE = offer({
  offerId: `00${'3'.repeat(64)}`,
  direction: 'outgoing',
  counterpartyKind: 'person',
  counterpartyName: 'Cy D.',
  amount: '1.0000000000',
  amount_usd_cents: 15,
});
const state = (over: Partial<OffersState>): OffersState => ({
  status: 'ready',
  accountId: ACC,
  incoming: [],
  outgoing: [],
  incomingTotal: over.incoming?.length ?? 0,
  outgoingTotal: over.outgoing?.length ?? 0,
  more: null,
  error: null,
  ...over,
});

afterEach(() => {
  cleanup();
  $lang.set('en');
  $offerBusy.set(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ActionRequired', () => {
  it('shows the loading state', () => {
    render(<ActionRequired state={state({ status: 'loading' })} onAction={() => {}} onRetry={() => {}} />);
    expect(screen.getByRole('status').textContent).toContain(translate('en', 'wallet.offers.loading'));
  });

  it('shows the empty state in the user’s language', () => {
    $lang.set('fs');
    render(<ActionRequired state={state({})} onAction={() => {}} onRetry={() => {}} />);
    expect(screen.getByRole('heading', { name: translate('fs', 'wallet.offers.title') })).toBeTruthy();
    // Testing Library collapses white space (the narrow no-break space before ':' included) in the page's text.
    expect(screen.getByText(translate('fs', 'wallet.offers.empty').replace(/\s+/g, ' '))).toBeTruthy();
  });

  it('shows the error state with Try again', () => {
    const onRetry = vi.fn();
    render(<ActionRequired state={state({ status: 'error', error: 'No connection.' })} onAction={() => {}} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(translate('en', 'wallet.offers.error'));
    fireEvent.click(within(alert).getByRole('button', { name: translate('en', 'common.retry') }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('lists incoming offers with the treasury as test funds, amount, USD and time left, each with Accept and Reject', () => {
    $lang.set('es');
    const onAction = vi.fn();
    render(<ActionRequired state={state({ incoming: [TREASURY, BOB], outgoing: [MINE] })} onAction={onAction} onRetry={() => {}} now={NOW} />);
    const incoming = within(screen.getByRole('list', { name: translate('es', 'wallet.offers.incoming') })).getAllByRole('listitem');
    expect(incoming).toHaveLength(2);
    expect(incoming[0]!.textContent).toContain(translate('es', 'wallet.offers.from', { name: translate('es', 'wallet.offers.treasury') }));
    expect(incoming[0]!.textContent).toContain('100.00 CC');
    expect(incoming[0]!.textContent).toContain('$15.00');
    expect(incoming[0]!.textContent).toContain(translate('es', 'wallet.offers.timeLeft', { hours: 23, minutes: 5 }));
    expect(incoming[1]!.textContent).toContain(translate('es', 'wallet.offers.from', { name: 'Bob M.' }));
    fireEvent.click(within(incoming[1]!).getByRole('button', { name: translate('es', 'wallet.offers.acceptLabel', { amount: '2.50 CC', name: 'Bob M.' }) }));
    expect(onAction).toHaveBeenLastCalledWith(BOB, 'accept');
    fireEvent.click(
      within(incoming[0]!).getByRole('button', {
        name: translate('es', 'wallet.offers.rejectLabel', { amount: '100.00 CC', name: translate('es', 'wallet.offers.treasury') }),
      }),
    );
    expect(onAction).toHaveBeenLastCalledWith(TREASURY, 'reject');

    const outgoing = within(screen.getByRole('list', { name: translate('es', 'wallet.offers.outgoing') })).getAllByRole('listitem');
    expect(outgoing[0]!.textContent).toContain(translate('es', 'wallet.offers.to', { name: 'Cy D.' }));
    expect(within(outgoing[0]!).queryByRole('button', { name: /Aceptar/ })).toBeNull();
    fireEvent.click(within(outgoing[0]!).getByRole('button', { name: translate('es', 'wallet.offers.withdrawLabel', { amount: '1.00 CC', name: 'Cy D.' }) }));
    expect(onAction).toHaveBeenLastCalledWith(MINE, 'withdraw');
  });

  it("shows each list's total and a keyboard-reachable Show more for a list with offers left, none once all are shown", async () => {
    $lang.set('fs');
    const onMore = vi.fn(async () => {});
    const { rerender } = render(
      <ActionRequired
        state={state({ incoming: [TREASURY, BOB], incomingTotal: 152, outgoing: [MINE] })}
        onAction={() => {}}
        onRetry={() => {}}
        onMore={onMore}
        now={NOW}
      />,
    );
    expect(screen.getByText(translate('fs', 'wallet.offers.shown', { count: 2, total: 152 }))).toBeTruthy();
    expect(screen.getByRole('heading', { name: `${translate('fs', 'wallet.offers.incoming')} (152)` })).toBeTruthy();
    const more = screen.getByRole('button', {
      name: translate('fs', 'wallet.offers.showMoreLabel', { count: 20, list: translate('fs', 'wallet.offers.incoming') }),
    });
    expect(more.tagName).toBe('BUTTON');
    expect(more.textContent).toBe(translate('fs', 'wallet.offers.showMore'));
    await act(async () => fireEvent.click(more));
    expect(onMore).toHaveBeenCalledWith('incoming');
    // The outgoing list is whole: no Show more for it.
    expect(document.querySelectorAll('[data-action^="offers-more-"]')).toHaveLength(1);
    // The next page arrives and the list is whole: the first new row has the focus, Show more is gone.
    const CY = offer({ offerId: `00${'4'.repeat(64)}`, counterpartyKind: 'person', counterpartyName: 'Cy D.', amount: '0.1000000000' });
    rerender(
      <ActionRequired state={state({ incoming: [TREASURY, BOB, CY], outgoing: [MINE] })} onAction={() => {}} onRetry={() => {}} onMore={onMore} now={NOW} />,
    );
    expect(document.querySelectorAll('[data-action^="offers-more-"]')).toHaveLength(0);
    const rows = within(screen.getByRole('list', { name: translate('fs', 'wallet.offers.incoming') })).getAllByRole('listitem');
    expect(document.activeElement).toBe(rows[2]);
  });

  it('says a page is loading on its Show more and holds it', () => {
    render(
      <ActionRequired
        state={state({ incoming: [TREASURY], incomingTotal: 30, more: 'incoming' })}
        onAction={() => {}}
        onRetry={() => {}}
        onMore={() => {}}
        now={NOW}
      />,
    );
    const more = screen.getByRole('button', {
      name: translate('en', 'wallet.offers.showMoreLabel', { count: 20, list: translate('en', 'wallet.offers.incoming') }),
    });
    expect((more as HTMLButtonElement).disabled).toBe(true);
  });

  it('says how many offers are shown with the plural rules of the language (one shown: singular)', () => {
    const expected = {
      en: ['Showing 1 of 5, largest amount first', 'Showing 2 of 5, largest amount first'],
      es: ['Se muestra 1 de 5, primero los montos más altos', 'Se muestran 2 de 5, primero los montos más altos'],
      fs: ['1 sur 5 affiché, les plus gros montants d’abord', '2 sur 5 affichés, les plus gros montants d’abord'],
    } as const;
    for (const lang of LANGS) {
      $lang.set(lang);
      for (const [i, incoming] of [[TREASURY], [TREASURY, BOB]].entries()) {
        render(<ActionRequired state={state({ incoming, incomingTotal: 5 })} onAction={() => {}} onRetry={() => {}} now={NOW} />);
        expect(document.querySelector('[data-offers-more="incoming"] p')!.textContent).toBe(expected[lang][i]);
        cleanup();
      }
    }
  });

  it('holds every row’s buttons while one action runs', () => {
    act(() => $offerBusy.set({ offerId: BOB.offerId, action: 'accept' }));
    render(<ActionRequired state={state({ incoming: [TREASURY, BOB] })} onAction={() => {}} onRetry={() => {}} now={NOW} />);
    for (const button of screen.getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('actOnOffer', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  });

  it('accepts with an Idempotency-Key, then refetches the offers; a settled offer answers its text', async () => {
    const calls: { method: string; path: string; key: string | null }[] = [];
    let acceptStatus = 200;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      calls.push({ method: init?.method ?? 'GET', path, key: new Headers(init?.headers).get('idempotency-key') });
      if (path.endsWith('/accept'))
        return acceptStatus === 200
          ? Response.json({ data: { offerId: BOB.offerId, status: 'accepted', transactionId: 't', affectedParties: [] } })
          : Response.json({ message: 'Offer not pending', code: 'offer_not_pending' }, { status: 409 });
      return Response.json({ data: { incoming: [], outgoing: [], incoming_total: 0, outgoing_total: 0 } });
    });
    $offers.set(state({ incoming: [BOB] }));
    expect(await actOnOffer(ACC, BOB.offerId, 'accept')).toBeNull();
    expect(calls[0]).toMatchObject({ method: 'POST', path: `/api/wallets/canton/offers/${BOB.offerId}/accept` });
    expect(calls[0]!.key).toBeTruthy();
    expect(calls.some((c) => c.path === `/api/wallets/canton/offers/${ACC}`)).toBe(true);
    expect($offers.get().incoming).toEqual([]);

    acceptStatus = 409;
    $lang.set('es');
    expect(await actOnOffer(ACC, BOB.offerId, 'accept')).toBe(translate('es', 'errors.offerNotPending'));
    expect($offerBusy.get()).toBeNull();
  });
});
