// Pieces of a ticket shown in the list and in the ticket dialog: status badge and the meta line
// (priority, category, assigned agent or 'Unassigned', created date).
import { cx } from '../../components/cx';
import { useTimeZone } from '../../components/page-seed-context';
import { useT } from '../../components/use-t';
import { formatDate } from '../../shared/format';
import { ticketCategoryKey, ticketPriorityKey, ticketStatusKey, type TicketStatus } from '../../shared/ticket-labels';
import type { Ticket } from '../../stores/support';

export const TICKET_STATUS_STYLE: Record<string, string> = {
  open: 'bg-blue-100 text-blue-800',
  in_progress: 'bg-yellow-100 text-yellow-800',
  resolved: 'bg-green-100 text-green-800',
  closed: 'bg-gray-100 text-gray-700',
};

export const PRIORITY_STYLE: Record<string, string> = {
  low: 'text-gray-600',
  medium: 'text-gray-800',
  high: 'text-orange-700',
  urgent: 'text-red-700',
};

export function TicketMeta({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const timeZone = useTimeZone();
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-600">
      <div className="flex gap-1">
        <dt>{t('support.ticket.priority')}:</dt>
        <dd className={cx('font-medium', PRIORITY_STYLE[ticket.priority])} data-priority={ticket.priority}>
          {t(ticketPriorityKey(ticket.priority))}
        </dd>
      </div>
      <div className="flex gap-1">
        <dt>{t('support.ticket.category')}:</dt>
        <dd className="font-medium text-gray-800">{t(ticketCategoryKey(ticket.category))}</dd>
      </div>
      <div className="flex gap-1">
        <dt>{t('support.ticket.assignedTo')}:</dt>
        <dd className="font-medium text-gray-800" data-agent="">
          {ticket.assigned_agent?.name ?? t('support.ticket.unassigned')}
        </dd>
      </div>
      <div className="flex gap-1">
        <dt>{t('support.ticket.created')}:</dt>
        <dd>{formatDate(ticket.created_at, { timeZone })}</dd>
      </div>
    </dl>
  );
}

export function TicketStatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span
      data-status={status}
      className={cx('inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', TICKET_STATUS_STYLE[status] ?? TICKET_STATUS_STYLE.open)}
    >
      {t(ticketStatusKey(status as TicketStatus))}
    </span>
  );
}
