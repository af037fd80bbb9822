// The Help Center tab of /support: the user's tickets with status, priority, category and assigned
// agent (or 'Unassigned'); a ticket opens in a dialog with its comments; 'New Request' opens the
// create form. Both dialogs load on demand.
import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { lazyDialog } from '../../components/lazy-dialog';
import { OFFSCREEN_ITEM } from '../../components/ListTable';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../components/use-t';
import { FIRST_SCREEN_ROWS } from '../../shared/page-seed';
import { $tickets, loadTickets, seedTickets, type Ticket, type TicketsState } from '../../stores/support';
import { Glyph } from '../shell/icons';
import { TicketMeta, TicketStatusBadge } from './TicketParts';

const TicketModal = lazyDialog(() => import('./TicketModal'));
const CreateTicketModal = lazyDialog(() => import('./CreateTicketModal'));

export function HelpCenter({ served }: { served?: Ticket[] | null }) {
  const t = useT();
  // Rendered on the Worker: the first tickets came with the page (server and hydration show them).
  const seeded = useMemo<TicketsState | null>(() => (served ? { status: 'ready', items: served } : null), [served]);
  useState(() => served && seedTickets(served));
  const { status, items } = useStore($tickets, seeded ? { ssr: () => seeded } : {});
  const [open, setOpen] = useState<Ticket | null>(null);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    // A served list shorter than a screenful is the whole list; a full one is completed (rows stay).
    if (served && served.length < FIRST_SCREEN_ROWS) return;
    void loadTickets();
  }, [served]);

  return (
    <section aria-labelledby="help-center-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="help-center-title" className="text-lg font-semibold text-gray-900">
          {t('support.tickets.title')}
        </h2>
        <Button onClick={() => setCreating(true)} data-action="new-ticket">
          <Glyph name="plus" className="h-4 w-4" />
          {t('support.tickets.new')}
        </Button>
      </div>

      {status === 'idle' || (status === 'loading' && items.length === 0) ? (
        <div role="status" className="flex items-center justify-center gap-3 rounded-xl border border-gray-200 bg-white py-12 text-gray-600">
          <Spinner decorative />
          <span>{t('common.loading')}</span>
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-gray-200 bg-white p-10 text-center">
          <Glyph name="help" className="mx-auto h-10 w-10 text-gray-300" />
          <p className="mt-3 font-medium text-gray-900">{t('support.tickets.empty.title')}</p>
          <p className="mt-1 text-sm text-gray-600">{t('support.tickets.empty.description')}</p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label={t('support.tickets.title')}>
          {items.map((ticket) => (
            <li key={ticket.id} data-ticket={ticket.id} className={OFFSCREEN_ITEM}>
              <button
                type="button"
                onClick={() => setOpen(ticket)}
                className="block w-full rounded-xl border border-gray-200 bg-white p-4 text-left hover:border-gray-300 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
              >
                <span className="flex items-start justify-between gap-3">
                  <span className="min-w-0 font-medium text-gray-900" data-title="">
                    {ticket.title}
                  </span>
                  <TicketStatusBadge status={ticket.status} />
                </span>
                <span className="mt-1 line-clamp-2 block text-sm text-gray-600">{ticket.description}</span>
                <span className="mt-3 block">
                  <TicketMeta ticket={ticket} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {open && (
        <Suspense fallback={null}>
          <TicketModal ticket={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      {creating && (
        <Suspense fallback={null}>
          <CreateTicketModal onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </section>
  );
}
