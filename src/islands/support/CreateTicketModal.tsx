// The create-ticket form of the Help Center: title and description required, category default
// general, priority default medium; 'Support request created' or 'Failed to create support
// request'. Closing waits while it sends. Loaded on demand.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useLang, useT } from '../../components/use-t';
import {
  createSupportTicketBodySchema,
  fieldErrors,
  TICKET_CATEGORIES,
  TICKET_DESCRIPTION_MAX,
  TICKET_PRIORITIES,
  TICKET_TITLE_MAX,
  ticketCategoryKey,
  ticketPriorityKey,
  type TicketCategory,
  type TicketPriority,
} from '../../shared/validation';
import { createTicket } from '../../stores/support';

const field =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-gray-900 placeholder:text-gray-400 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20';

export default function CreateTicketModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const ids = { title: useId(), description: useId(), category: useId(), priority: useId(), titleErr: useId(), descErr: useId() };
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<TicketCategory>('general');
  const [priority, setPriority] = useState<TicketPriority>('medium');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createSupportTicketBodySchema.safeParse({ title, description, category, priority });
    if (!parsed.success) {
      setErrors(fieldErrors(lang, parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    const created = await createTicket(parsed.data);
    setSaving(false);
    if (created) onClose();
  }

  return (
    <Modal open onClose={onClose} title={t('support.tickets.createTitle')} closeBlocked={saving}>
      <form onSubmit={submit} noValidate className="space-y-4" data-form="new-ticket">
        <div>
          <label htmlFor={ids.title} className="text-sm font-medium text-gray-700">
            {t('support.ticket.title')} *
          </label>
          <input
            id={ids.title}
            name="title"
            required
            maxLength={TICKET_TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder={t('support.ticket.titlePlaceholder')}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? ids.titleErr : undefined}
            className={`${field} ${errors.title ? 'border-red-400' : 'border-gray-300'}`}
          />
          {errors.title && (
            <p id={ids.titleErr} className="mt-1 text-xs text-red-600">
              {errors.title}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.description} className="text-sm font-medium text-gray-700">
            {t('support.ticket.description')} *
          </label>
          <textarea
            id={ids.description}
            name="description"
            required
            rows={5}
            maxLength={TICKET_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder={t('support.ticket.descriptionPlaceholder')}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? ids.descErr : undefined}
            className={`${field} ${errors.description ? 'border-red-400' : 'border-gray-300'}`}
          />
          {errors.description && (
            <p id={ids.descErr} className="mt-1 text-xs text-red-600">
              {errors.description}
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.category} className="text-sm font-medium text-gray-700">
              {t('support.ticket.category')}
            </label>
            <select
              id={ids.category}
              name="category"
              value={category}
              onChange={(e) => setCategory(e.target.value as TicketCategory)}
              className={`${field} min-h-11 border-gray-300`}
            >
              {TICKET_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(ticketCategoryKey(c))}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.priority} className="text-sm font-medium text-gray-700">
              {t('support.ticket.priority')}
            </label>
            <select
              id={ids.priority}
              name="priority"
              value={priority}
              onChange={(e) => setPriority(e.target.value as TicketPriority)}
              className={`${field} min-h-11 border-gray-300`}
            >
              {TICKET_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {t(ticketPriorityKey(p))}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {saving ? t('support.ticket.submitting') : t('support.ticket.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
