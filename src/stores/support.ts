// $tickets and $ticketComments: the Help Center of /support: the user's tickets, one ticket's
// comments, adding a comment and creating a ticket, with the toasts of the error catalogue.
import { atom } from 'nanostores';
import { t, type TranslationKey } from '../i18n';
import { api, unwrap } from './api';
import { apiErrorText } from '../shared/error-text';
import type { CreateSupportTicketBody } from '../shared/validation';
import { $lang } from './lang';
import { toast } from './toasts';

type SupportApi = ReturnType<typeof api>['support'];
type DataOf<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<F>>>>>;
export type Ticket = DataOf<SupportApi['tickets']['$get']>[number];
export type TicketComment = DataOf<SupportApi['tickets'][':id']['comments']['$get']>[number];

export interface TicketsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: Ticket[];
}

export interface CommentsState {
  ticketId: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: TicketComment[];
}

export const $tickets = atom<TicketsState>({ status: 'idle', items: [] });
export const $ticketComments = atom<CommentsState>({ ticketId: null, status: 'idle', items: [] });

const tr = (key: TranslationKey) => t($lang.get(), key);
// A failure's text in the user's language ('' when the error carried none, so the caller's fallback shows).
const messageOf = (err: unknown) => (err instanceof Error && err.message ? apiErrorText($lang.get(), err) : '');

/**
 * Browser only: the first tickets a page rendered on the Worker came with (src/worker/pages/support-data.ts),
 * before its island hydrates, so the list is there at once and is not read again.
 */
export function seedTickets(items: Ticket[]): void {
  if (typeof window !== 'undefined' && $tickets.get().status === 'idle') $tickets.set({ status: 'ready', items });
}

export async function loadTickets(): Promise<void> {
  $tickets.set({ ...$tickets.get(), status: 'loading' });
  try {
    const items = await unwrap(api().support.tickets.$get({ query: {} }));
    $tickets.set({ status: 'ready', items });
  } catch (err) {
    console.error('Failed to load support requests', messageOf(err));
    $tickets.set({ status: 'error', items: [] });
    toast({ type: 'error', title: tr('toast.supportLoadFailed'), description: messageOf(err) || undefined });
  }
}

/** Creates a ticket: 'Support request created' and a reload, or 'Failed to create support request'. */
export async function createTicket(body: CreateSupportTicketBody): Promise<Ticket | null> {
  try {
    const ticket = await unwrap(api().support.tickets.$post({ json: body }));
    toast({ type: 'success', title: tr('toast.supportCreated') });
    await loadTickets();
    return ticket;
  } catch (err) {
    console.error('Failed to create support request', messageOf(err));
    toast({ type: 'error', title: tr('toast.supportCreateFailed'), description: messageOf(err) || undefined });
    return null;
  }
}

/** The comments of one ticket ('Failed to load comments' with the error's message on failure). */
export async function loadComments(ticketId: string): Promise<void> {
  $ticketComments.set({ ticketId, status: 'loading', items: [] });
  try {
    const items = await unwrap(api().support.tickets[':id'].comments.$get({ param: { id: ticketId } }));
    if ($ticketComments.get().ticketId === ticketId) $ticketComments.set({ ticketId, status: 'ready', items });
  } catch (err) {
    console.error('Failed to load comments', messageOf(err));
    if ($ticketComments.get().ticketId === ticketId) $ticketComments.set({ ticketId, status: 'error', items: [] });
    toast({ type: 'error', title: tr('toast.commentsLoadFailed'), description: messageOf(err) || tr('errors.generic') });
  }
}

/** Adds a public comment (is_internal false) and appends it; false on failure. */
export async function addComment(ticketId: string, content: string): Promise<boolean> {
  try {
    const comment = await unwrap(api().support.tickets[':id'].comments.$post({ param: { id: ticketId }, json: { content, is_internal: false } }));
    const state = $ticketComments.get();
    if (state.ticketId === ticketId) $ticketComments.set({ ...state, status: 'ready', items: [...state.items, comment] });
    return true;
  } catch (err) {
    console.error('Failed to add comment', messageOf(err));
    toast({ type: 'error', title: tr('errors.generic'), description: messageOf(err) || undefined });
    return false;
  }
}

export function closeComments(): void {
  $ticketComments.set({ ticketId: null, status: 'idle', items: [] });
}
