// The 'Submit Feature Request' modal: title 5-200 and description 10-2000 characters with live
// counters and messages, an optional category, 'Submit anonymously'; the submit button is disabled
// while the form is invalid or sending, and closing waits for the send.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useT } from '../../components/use-t';
import type { ZodType } from 'zod';
import { FEATURE_DESCRIPTION_MAX, FEATURE_REQUEST_CATEGORIES, FEATURE_TITLE_MAX, featureCategoryKey } from '../../shared/feature-request-labels';
import { createFeatureRequestBody } from '../../shared/schemas/feature-request';
import { submitFeatureRequest, type FeatureRequestContext } from '../../stores/feature-requests';
import { toast } from '../../stores/toasts';

export type LengthProblem = 'min' | 'max' | null;
/** What the contract's rule for a field says of the value the form words: too short, too long, or neither. */
export function lengthProblem(field: ZodType, value: string): LengthProblem {
  const code = field.safeParse(value).error?.issues[0]?.code;
  return code === 'too_small' ? 'min' : code === 'too_big' ? 'max' : null;
}
const { title: titleRule, description: descriptionRule } = createFeatureRequestBody.shape;

export default function SubmitFeatureRequestModal({
  onClose,
  context = 'settings',
}: {
  onClose: () => void;
  /** The support page's Requests tab words its toasts differently. */
  context?: FeatureRequestContext;
}) {
  const t = useT();
  const ids = { title: useId(), description: useId(), category: useId(), anonymous: useId(), titleMsg: useId(), descMsg: useId() };
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [touched, setTouched] = useState({ title: false, description: false });
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState('');

  const titleProblem = lengthProblem(titleRule, title);
  const descProblem = lengthProblem(descriptionRule, description);
  const valid = !titleProblem && !descProblem;

  const titleMsg =
    touched.title && titleProblem ? t(titleProblem === 'min' ? 'featureRequests.validation.titleMin' : 'featureRequests.validation.titleMax') : '';
  const descMsg =
    touched.description && descProblem
      ? t(descProblem === 'min' ? 'featureRequests.validation.descriptionMin' : 'featureRequests.validation.descriptionMax')
      : '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError('');
    if (!title.trim() || !description.trim()) {
      toast({ type: 'error', title: t('featureRequests.validation.required.title'), description: t('featureRequests.validation.required.description') });
      return;
    }
    if (!valid) {
      setFormError(t('featureRequests.validation.lengths'));
      return;
    }
    setSaving(true);
    // The body as the contract's schema makes it (trimmed, an empty category left out); one it refuses
    // (control characters) goes as typed, for the server to refuse as it always has.
    const form = { title, description, category, is_anonymous: anonymous };
    const parsed = createFeatureRequestBody.safeParse(form);
    const ok = await submitFeatureRequest(parsed.success ? parsed.data : form, context);
    setSaving(false);
    if (ok) onClose();
  }

  const field =
    'mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-gray-900 placeholder:text-gray-400 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20';
  const counter = (n: number, max: number, bad: boolean) => (
    <span className={`text-xs ${bad ? 'text-red-600' : 'text-gray-500'}`} aria-hidden="true">
      {t('featureRequests.form.counter', { count: n, max })}
    </span>
  );

  return (
    <Modal open onClose={onClose} title={t('featureRequests.submit.title')} closeBlocked={saving}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {formError && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        )}
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={ids.title} className="text-sm font-medium text-gray-700">
              {t('featureRequests.form.title')} *
            </label>
            {counter(title.length, FEATURE_TITLE_MAX, touched.title && titleProblem !== null)}
          </div>
          <input
            id={ids.title}
            name="title"
            value={title}
            maxLength={FEATURE_TITLE_MAX + 50}
            placeholder={t('featureRequests.form.titlePlaceholder')}
            onChange={(e) => {
              setTitle(e.target.value);
              setTouched((s) => ({ ...s, title: true }));
            }}
            aria-invalid={titleMsg ? true : undefined}
            aria-describedby={titleMsg ? ids.titleMsg : undefined}
            className={`${field} ${titleMsg ? 'border-red-400' : 'border-gray-300'}`}
            required
          />
          {titleMsg && (
            <p id={ids.titleMsg} className="mt-1 text-xs text-red-600">
              {titleMsg}
            </p>
          )}
        </div>
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={ids.description} className="text-sm font-medium text-gray-700">
              {t('featureRequests.form.description')} *
            </label>
            {counter(description.length, FEATURE_DESCRIPTION_MAX, touched.description && descProblem !== null)}
          </div>
          <textarea
            id={ids.description}
            name="description"
            rows={5}
            value={description}
            maxLength={FEATURE_DESCRIPTION_MAX + 200}
            placeholder={t('featureRequests.form.descriptionPlaceholder')}
            onChange={(e) => {
              setDescription(e.target.value);
              setTouched((s) => ({ ...s, description: true }));
            }}
            aria-invalid={descMsg ? true : undefined}
            aria-describedby={descMsg ? ids.descMsg : undefined}
            className={`${field} ${descMsg ? 'border-red-400' : 'border-gray-300'}`}
            required
          />
          {descMsg && (
            <p id={ids.descMsg} className="mt-1 text-xs text-red-600">
              {descMsg}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.category} className="text-sm font-medium text-gray-700">
            {t('featureRequests.form.category')}
          </label>
          <select
            id={ids.category}
            name="category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            className={`${field} min-h-11 border-gray-300`}
          >
            <option value="">{t('featureRequests.form.categoryPlaceholder')}</option>
            {FEATURE_REQUEST_CATEGORIES.map((c) => {
              const key = featureCategoryKey(c);
              return (
                <option key={c} value={c}>
                  {key ? t(key) : c}
                </option>
              );
            })}
          </select>
        </div>
        <label htmlFor={ids.anonymous} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-gray-700">
          <input
            id={ids.anonymous}
            name="is_anonymous"
            type="checkbox"
            checked={anonymous}
            onChange={(e) => setAnonymous(e.target.checked)}
            className="h-5 w-5 rounded border-gray-300"
          />
          {t('featureRequests.form.anonymous')}
        </label>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!valid} loading={saving}>
            {saving ? t('featureRequests.submit.submitting') : t('common.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
