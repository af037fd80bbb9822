// One ticket in a dialog: its description, status, priority, category and agent, the comments with
// their author's name and an 'Agent' badge, and a form to add a comment (a closed ticket is
// read-only: the server refuses changes, so it shows a note instead). Loaded on demand.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useLang, useT } from '../../components/use-t';
import { formatDate } from '../../shared/format';
import { COMMENT_MAX, createTicketCommentBodySchema, firstIssue } from '../../shared/validation';
import { $ticketComments, addComment, closeComments, loadComments, type Ticket } from '../../stores/support';
import { TicketMeta, TicketStatusBadge } from './TicketParts';

export default function TicketModal({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const ids = { comment: useId(), error: useId() };
  const comments = useStore($ticketComments);
  const [content, setContent] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    void loadComments(ticket.id);
    return closeComments;
  }, [ticket.id]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createTicketCommentBodySchema.safeParse({ content, is_internal: false });
    if (!parsed.success) {
      setError(firstIssue(lang, parsed.error));
      return;
    }
    setError('');
    setSaving(true);
    const ok = await addComment(ticket.id, parsed.data.content);
    setSaving(false);
    if (ok) setContent('');
    // The busy button lost focus while sending: bring it back to the field.
    commentRef.current?.focus();
  }

  return (
    <Modal open onClose={onClose} title={ticket.title} size="lg" closeBlocked={saving}>
      <div className="space-y-4" data-ticket-view={ticket.id}>
        <div className="flex flex-wrap items-center gap-3">
          <TicketStatusBadge status={ticket.status} />
          <TicketMeta ticket={ticket} />
        </div>
        <p className="whitespace-pre-wrap text-sm text-gray-700">{ticket.description}</p>

        <section aria-labelledby={`${ids.comment}-title`} className="border-t border-gray-200 pt-4">
          <h3 id={`${ids.comment}-title`} className="text-sm font-semibold text-gray-900">
            {t('support.comments.title')}
          </h3>
          {comments.status === 'loading' || comments.status === 'idle' ? (
            <div role="status" className="flex items-center gap-2 py-4 text-sm text-gray-600">
              <Spinner size="sm" decorative />
              {t('common.loading')}
            </div>
          ) : comments.items.length === 0 ? (
            <p className="py-4 text-sm text-gray-500">{t('support.comments.empty')}</p>
          ) : (
            <ol className="mt-3 space-y-3">
              {comments.items.map((c) => (
                <li key={c.id} data-comment={c.id} className={`rounded-lg p-3 text-sm ${c.author.is_agent ? 'bg-blue-50' : 'bg-gray-50'}`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-gray-900" data-author="">
                      {c.author.name}
                    </span>
                    {c.author.is_agent && (
                      <span data-agent-badge="" className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-800">
                        {t('support.comments.agent')}
                      </span>
                    )}
                    <span className="text-xs text-gray-500">{formatDate(c.created_at)}</span>
                  </div>
                  <p className="mt-1 whitespace-pre-wrap text-gray-700" data-content="">
                    {c.content}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>

        {ticket.status === 'closed' ? (
          <p className="rounded-lg bg-gray-50 p-3 text-sm text-gray-600" data-ticket-closed="">
            {t('support.comments.closed')}
          </p>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-2" data-form="comment">
            <label htmlFor={ids.comment} className="text-sm font-medium text-gray-700">
              {t('support.comments.add')}
            </label>
            <textarea
              ref={commentRef}
              id={ids.comment}
              name="content"
              rows={3}
              maxLength={COMMENT_MAX}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              placeholder={t('support.comments.placeholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
              className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm text-gray-900 placeholder:text-gray-400 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20"
            />
            {error && (
              <p id={ids.error} className="text-xs text-red-600">
                {error}
              </p>
            )}
            <div className="flex justify-end">
              <Button type="submit" loading={saving}>
                {t('support.comments.add')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
