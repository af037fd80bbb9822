// Person-to-person transfers on the wallet screen: the account's pending offers (incoming
// ones to accept or reject, outgoing ones to withdraw; a page of each list, largest first, with its
// total, and "Show more" for the next page of one list), the "accept incoming transfers automatically"
// switch (a transfer preapproval), and the calls of the send dialog (resolve the receiver, send).
// Every money movement reuses the faucet's exactly-once helper (src/lib/idempotency.ts): one
// Idempotency-Key per user intent, kept across its retries. After any movement the balance, the
// assets table and the offers are refetched together (refreshWalletAndOffers), so the three agree.
import { atom } from 'nanostores';
import { sendIntent, type IntentOptions } from '../lib/idempotency';
import { apiErrorText } from '../shared/error-text';
import { OFFERS_PAGE_MAX, OFFERS_PAGE_SIZE, type OfferDirection } from '../shared/schemas/send-rules';
import { ApiError, api, unwrap } from './api';
import { $lang } from './lang';
import { refreshBalance } from './wallet';

type WalletsApi = ReturnType<typeof api>['wallets'];
type DataOf<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<F>>>>>;

export type PendingOffers = DataOf<WalletsApi['canton']['offers'][':accountId']['$get']>;
export type PendingOffer = PendingOffers['incoming'][number];
export type ResolvedReceiver = DataOf<WalletsApi['canton']['receivers']['resolve']['$post']>;
export type SentTransfer = DataOf<WalletsApi['canton']['send']['$post']>;
export type OfferAction = 'accept' | 'reject' | 'withdraw';

export interface OffersState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  accountId: string | null;
  /** The offers shown: the pages loaded so far, largest amount first. */
  incoming: PendingOffer[];
  outgoing: PendingOffer[];
  /** Every pending offer of each list, shown or not ("152 pending"). */
  incomingTotal: number;
  outgoingTotal: number;
  /** The list whose next page is loading ("Show more"), or null. */
  more: OfferDirection | null;
  /** The failure's text in the user's language (status 'error'). */
  error: string | null;
}

const initialOffers: OffersState = {
  status: 'idle',
  accountId: null,
  incoming: [],
  outgoing: [],
  incomingTotal: 0,
  outgoingTotal: 0,
  more: null,
  error: null,
};
export const $offers = atom<OffersState>(initialOffers);

/** The offer whose action is in progress (one at a time: a second press is ignored, not queued). */
export const $offerBusy = atom<{ offerId: string; action: OfferAction } | null>(null);

export interface PreapprovalState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  accountId: string | null;
  enabled: boolean;
  expiresAt: string | null;
  saving: boolean;
}
const initialPreapproval: PreapprovalState = { status: 'idle', accountId: null, enabled: false, expiresAt: null, saving: false };
export const $preapproval = atom<PreapprovalState>(initialPreapproval);

const errorText = (err: unknown) => apiErrorText($lang.get(), err);

const readOffers = (accountId: string, query: { direction?: OfferDirection; limit: number; offset: number }) =>
  unwrap(
    api().wallets.canton.offers[':accountId'].$get({
      param: { accountId },
      query: { ...(query.direction ? { direction: query.direction } : {}), limit: String(query.limit), offset: String(query.offset) },
    }),
  );

/**
 * Loads the account's pending offers: the first page of each list and their totals. `quiet` keeps
 * the current list on screen while it refetches (after an action or a live update) instead of
 * flashing the loading state, and reads as many offers as are shown (up to OFFERS_PAGE_MAX a list),
 * so a refetch does not take back the pages "Show more" loaded.
 */
export async function loadOffers(accountId: string | null, { quiet = false } = {}): Promise<void> {
  if (!accountId) {
    $offers.set(initialOffers);
    return;
  }
  const current = $offers.get();
  const keep = quiet && current.accountId === accountId && current.status === 'ready';
  if (!keep) $offers.set({ ...initialOffers, status: 'loading', accountId });
  const limit = keep ? Math.min(OFFERS_PAGE_MAX, Math.max(OFFERS_PAGE_SIZE, current.incoming.length, current.outgoing.length)) : OFFERS_PAGE_SIZE;
  try {
    const data = await readOffers(accountId, { limit, offset: 0 });
    if ($offers.get().accountId === accountId) {
      $offers.set({
        status: 'ready',
        accountId,
        incoming: data.incoming,
        outgoing: data.outgoing,
        incomingTotal: data.incoming_total,
        outgoingTotal: data.outgoing_total,
        more: null,
        error: null,
      });
    }
  } catch (err) {
    console.error('Failed to load transfer offers', err instanceof Error ? err.message : err);
    if ($offers.get().accountId === accountId) $offers.set({ ...initialOffers, status: 'error', accountId, error: errorText(err) });
  }
}

/**
 * "Show more" of one list: its next page (from the number shown), appended; an offer the list already
 * shows (the list moved between the two reads) is not shown twice. Null on success (or when there
 * is nothing more, or a page is already loading), else the error's text.
 */
export async function loadMoreOffers(direction: OfferDirection): Promise<string | null> {
  const current = $offers.get();
  const { accountId } = current;
  const shown = current[direction];
  const total = direction === 'incoming' ? current.incomingTotal : current.outgoingTotal;
  if (!accountId || current.status !== 'ready' || current.more !== null || shown.length >= total) return null;
  $offers.set({ ...current, more: direction });
  try {
    const data = await readOffers(accountId, { direction, limit: OFFERS_PAGE_SIZE, offset: shown.length });
    const now = $offers.get();
    if (now.accountId !== accountId || now.status !== 'ready') return null;
    const known = new Set(now[direction].map((o) => o.offerId));
    $offers.set({
      ...now,
      [direction]: [...now[direction], ...data[direction].filter((o) => !known.has(o.offerId))],
      incomingTotal: data.incoming_total,
      outgoingTotal: data.outgoing_total,
      more: null,
    });
    return null;
  } catch (err) {
    console.error('Failed to load more transfer offers', err instanceof Error ? err.message : err);
    if ($offers.get().accountId === accountId) $offers.set({ ...$offers.get(), more: null });
    return errorText(err);
  }
}

/** After any movement: the balance and assets table (the wallet store) and the offers, together. */
export async function refreshWalletAndOffers(accountId: string | null): Promise<void> {
  await Promise.all([refreshBalance(), loadOffers(accountId, { quiet: true })]);
}

/**
 * Accept (Idempotency-Key, retried as one intent), reject or withdraw one offer. Answers null on
 * success, else the error's text in the user's language. Refetches balance and offers either way
 * (a 409 offer_not_pending means the list on screen is stale).
 */
export async function actOnOffer(accountId: string, offerId: string, action: OfferAction, options?: IntentOptions): Promise<string | null> {
  if ($offerBusy.get() !== null) return null;
  $offerBusy.set({ offerId, action });
  try {
    const offers = api().wallets.canton.offers[':offerId'];
    const json = { account_id: accountId };
    const param = { offerId };
    if (action === 'accept') {
      await unwrap(sendIntent((key) => offers.accept.$post({ param, header: { 'idempotency-key': key }, json }), options));
    } else if (action === 'reject') {
      await unwrap(offers.reject.$post({ param, json }));
    } else {
      await unwrap(offers.withdraw.$post({ param, json }));
    }
    return null;
  } catch (err) {
    console.error(`Offer ${action} failed`, err instanceof Error ? err.message : err);
    return errorText(err);
  } finally {
    $offerBusy.set(null);
    await refreshWalletAndOffers(accountId);
  }
}

/** Loads the "accept incoming transfers automatically" switch. */
export async function loadPreapproval(accountId: string | null): Promise<void> {
  if (!accountId) {
    $preapproval.set(initialPreapproval);
    return;
  }
  $preapproval.set({ ...initialPreapproval, status: 'loading', accountId });
  try {
    const data = await unwrap(api().wallets.canton.preapproval[':accountId'].$get({ param: { accountId } }));
    if ($preapproval.get().accountId === accountId) $preapproval.set({ ...initialPreapproval, status: 'ready', accountId, ...data });
  } catch (err) {
    console.error('Failed to load the preapproval', err instanceof Error ? err.message : err);
    if ($preapproval.get().accountId === accountId) $preapproval.set({ ...initialPreapproval, status: 'error', accountId });
  }
}

/** Turns the switch on or off; null on success, else the error's text. The switch shows the server's answer. */
export async function setPreapproval(enabled: boolean): Promise<string | null> {
  const state = $preapproval.get();
  const accountId = state.accountId;
  if (!accountId || state.saving) return null;
  $preapproval.set({ ...state, saving: true });
  try {
    const data = await unwrap(api().wallets.canton.preapproval[':accountId'].$put({ param: { accountId }, json: { enabled } }));
    $preapproval.set({ ...$preapproval.get(), status: 'ready', ...data, saving: false });
    return null;
  } catch (err) {
    $preapproval.set({ ...$preapproval.get(), saving: false });
    return errorText(err);
  }
}

/** The send dialog's "Continue": the receiver's party, masked name and whether it settles at once. */
export function resolveReceiver(accountId: string, receiver: string): Promise<ResolvedReceiver> {
  return unwrap(api().wallets.canton.receivers.resolve.$post({ json: { account_id: accountId, receiver } }));
}

/**
 * The send dialog's "Send": one try series with the intent's key (`key`, kept by the dialog across
 * the user's own retries too). Throws ApiError (or the network's TypeError) when it fails.
 */
export function sendTransfer(
  accountId: string,
  receiverParty: string,
  amount: string,
  key: string,
  options?: Omit<IntentOptions, 'key'>,
): Promise<SentTransfer> {
  return unwrap(
    sendIntent(
      (k) => api().wallets.canton.send.$post({ header: { 'idempotency-key': k }, json: { account_id: accountId, receiver_party: receiverParty, amount } }),
      { ...options, key },
    ),
  );
}

/** Whether a failed send may have reached the ledger (no readable decision): then its key is kept for the retry. */
export const outcomeUnknown = (err: unknown) => !(err instanceof ApiError) || err.status >= 500;
