// /settings/security (spec section 2, Settings): the read-only full name, the Language select saved
// through the account (the whole interface switches at once), and the static sample list of active
// sessions and devices (its delete icons do nothing, as in the spec).
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { LANGS, isLang, type Lang } from '../../i18n';
import { useLang, useT } from '../../components/use-t';
import { $account, saveLanguage } from '../../stores/account';
import AppShell from '../AppShell';
import { KycStatus } from '../common/KycStatus';
import { Glyph, type GlyphName } from '../shell/icons';
import { SettingsSection } from './SettingsSection';

/** The sample devices (spec: hard-coded). */
const SESSIONS: readonly { id: string; device: string; place: string; icon: GlyphName; current?: boolean; time?: string }[] = [
  { id: 's1', device: 'Chrome · Android', place: 'Ciudad de México, MX', icon: 'device', current: true },
  { id: 's2', device: 'Safari · iPhone', place: 'Bogotá, CO', icon: 'device', time: '2 h' },
  { id: 's3', device: 'Firefox · Windows', place: 'Buenos Aires, AR', icon: 'laptop', time: '3 d' },
];

export function fullName(account: { first_name?: string | null; last_name?: string | null } | null): string {
  return [account?.first_name, account?.last_name]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
}

function Security() {
  const t = useT();
  const lang = useLang();
  const account = useStore($account);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const ids = { name: useId(), lang: useId(), error: useId() };
  const name = fullName(account);

  async function change(next: Lang) {
    setSaving(true);
    setFailed(false);
    const ok = await saveLanguage(next);
    setSaving(false);
    setFailed(!ok);
  }

  return (
    <div className="space-y-6">
      <SettingsSection title={t('settings.security.title')}>
        <div className="grid max-w-md gap-5">
          <div>
            <label htmlFor={ids.name} className="block text-sm font-medium text-gray-700">
              {t('settings.security.fullName')}
            </label>
            <input
              id={ids.name}
              readOnly
              value={name || t('settings.security.notSet')}
              className={`mt-1 block w-full rounded-lg border border-gray-200 bg-gray-50 px-3 py-2.5 text-sm ${name ? 'text-gray-900' : 'text-gray-500'}`}
            />
          </div>
          <div>
            <label htmlFor={ids.lang} className="block text-sm font-medium text-gray-700">
              {t('settings.security.language')}
            </label>
            <select
              id={ids.lang}
              value={lang}
              disabled={saving}
              aria-describedby={failed ? ids.error : undefined}
              onChange={(e) => isLang(e.target.value) && void change(e.target.value)}
              className="mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 disabled:opacity-60"
            >
              {LANGS.map((l) => (
                <option key={l} value={l}>
                  {t(`common.language.${l}`)}
                </option>
              ))}
            </select>
            {failed && (
              <p id={ids.error} role="alert" className="mt-2 text-sm text-red-600">
                {t('errors.updateAccountMetadata')}
              </p>
            )}
          </div>
        </div>
      </SettingsSection>

      <KycStatus className="p-6" />

      <section className="rounded-xl border border-gray-200 bg-white p-6" aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="text-lg font-semibold text-gray-900">
          {t('settings.security.sessions.title')}
        </h2>
        <ul className="mt-4 divide-y divide-gray-200">
          {SESSIONS.map((s) => (
            <li key={s.id} className="flex items-center gap-4 py-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-600">
                <Glyph name={s.icon} />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-gray-900">{s.device}</p>
                <p className="truncate text-xs text-gray-500">
                  {s.place} · {s.current ? t('settings.security.sessions.current') : t('settings.security.sessions.lastActive', { time: s.time ?? '' })}
                </p>
              </div>
              <button
                type="button"
                aria-label={`${t('settings.security.sessions.remove')}: ${s.device}`}
                className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-gray-400 hover:bg-gray-100 hover:text-gray-600"
              >
                <Glyph name="trash" />
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default function SecurityPage() {
  return (
    <AppShell title="settings.security.title" variant="settings">
      <Security />
    </AppShell>
  );
}
