// The Create New Account modal: 'Account Name *' (required after trimming), 'Description
// (Optional)' (empty is sent as absent), the category picker (default personal), the current
// accounts with their 'Primary' badge, Cancel and 'Create Account' ('Creating...'); it cannot be
// closed while saving.
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useLang, useT } from '../../components/use-t';
import {
  ACCOUNT_CATEGORIES,
  ACCOUNT_DESCRIPTION_MAX,
  ACCOUNT_NAME_MAX,
  accountCategoryKey,
  accountName,
  type AccountCategory,
} from '../../shared/account-categories';
import { apiErrorText } from '../../shared/error-text';
import { createAccountBody } from '../../shared/schemas/account';
import { $accounts, createAccount } from '../../stores/account';
import { Glyph } from './icons';

/**
 * The payload the spec asks for (trimmed name, absent empty description, type individual), as the
 * contract's own schema makes it. A form it refuses (control characters: the field lengths and the
 * required name are the inputs' own) goes as typed, for the server to refuse as it always has.
 */
export function createAccountPayload(name: string, description: string, category: AccountCategory) {
  const form = { accountName: name, accountDescription: description, accountType: 'individual' as const, accountCategory: category };
  const parsed = createAccountBody.safeParse(form);
  return parsed.success ? parsed.data : form;
}

export default function CreateAccountModal({ onClose, onCreated }: { onClose: () => void; onCreated?: (accountId: string) => void }) {
  const t = useT();
  const lang = useLang();
  const accounts = useStore($accounts);
  const ids = { name: useId(), description: useId(), category: useId(), error: useId() };
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<AccountCategory>('personal');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim() || saving) return;
    setSaving(true);
    setError('');
    try {
      const id = await createAccount(createAccountPayload(name, description, category));
      onCreated?.(id);
      onClose();
    } catch (err) {
      setError(apiErrorText(lang, err, 'errors.createAccount'));
      setSaving(false);
    }
  }

  const field =
    'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm text-gray-900 placeholder:text-gray-400 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20';

  return (
    <Modal open onClose={onClose} title={t('shell.createAccount.title')} closeBlocked={saving}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {error && (
          <p id={ids.error} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div>
          <label htmlFor={ids.name} className="text-sm font-medium text-gray-700">
            {t('shell.createAccount.name')}
          </label>
          <input
            id={ids.name}
            name="accountName"
            value={name}
            maxLength={ACCOUNT_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('shell.createAccount.namePlaceholder')}
            className={field}
            required
            aria-required="true"
          />
        </div>
        <div>
          <label htmlFor={ids.description} className="text-sm font-medium text-gray-700">
            {t('shell.createAccount.description')}
          </label>
          <textarea
            id={ids.description}
            name="accountDescription"
            rows={2}
            maxLength={ACCOUNT_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder={t('shell.createAccount.descriptionPlaceholder')}
            className={field}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-gray-700">{t('shell.createAccount.category')}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {ACCOUNT_CATEGORIES.map((c) => (
              <label
                key={c}
                className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gray-900 ${
                  category === c ? 'border-gray-900 bg-gray-50 font-medium text-gray-900' : 'border-gray-200 text-gray-700'
                }`}
              >
                <input type="radio" name="accountCategory" value={c} checked={category === c} onChange={() => setCategory(c)} className="sr-only" />
                <Glyph name={c} className="h-4 w-4" />
                {t(accountCategoryKey(c))}
              </label>
            ))}
          </div>
        </fieldset>
        {accounts.length > 0 && (
          <div>
            <p className="text-sm font-medium text-gray-700">{t('shell.createAccount.currentAccounts')}</p>
            <ul className="mt-2 max-h-36 space-y-1 overflow-y-auto">
              {accounts.map((a) => (
                <li key={a.id} className="flex items-center gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700">
                  <Glyph name={a.account?.account_category ?? 'personal'} className="h-4 w-4 text-gray-500" />
                  <span className="truncate">{accountName(a, t)}</span>
                  {a.is_primary && <span className="ml-auto rounded-full bg-gray-900 px-2 py-0.5 text-xs font-medium text-white">{t('common.primary')}</span>}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!name.trim()} loading={saving}>
            {saving ? t('shell.createAccount.submitting') : t('shell.createAccount.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
