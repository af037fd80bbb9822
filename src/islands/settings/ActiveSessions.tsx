// Account Security's 'Active Sessions & Devices' (real, where the spec shows a sample list): the
// user's signed-in sessions with their browser and system, approximate place (the country the
// platform saw, named in the user's language) and last activity. The current one is marked "This
// device" and has no sign-out button (the normal sign-out ends it); every other one can be signed
// out, and all others at once after a confirmation. Loading, error (with Try again) and "no other
// device" states; results are announced by toasts in the user's language. On a page rendered on the
// Worker the list comes with the HTML (served): the store starts from it, nothing is read on
// hydration, and the labels are first rendered with the server's clock, then with the browser's.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useLang, useT } from '../../components/use-t';
import { htmlLang, type Lang } from '../../i18n';
import {
  $sessions,
  endOtherSessions,
  endSession,
  loadSessions,
  seedSessions,
  type ServedSessions,
  type SessionItem,
  type SessionsState,
} from '../../stores/sessions';
import { toast } from '../../stores/toasts';
import { Glyph } from '../shell/icons';

type T = ReturnType<typeof useT>;

export function deviceLabel(s: Pick<SessionItem, 'browser' | 'os'>, t: T): string {
  if (!s.browser && !s.os) return t('settings.security.sessions.unknownDevice');
  return `${s.browser ?? t('settings.security.sessions.unknownBrowser')} · ${s.os ?? t('settings.security.sessions.unknownDevice')}`;
}

export function placeLabel(country: string | null, lang: Lang, t: T): string {
  if (!country) return t('settings.security.sessions.unknownLocation');
  try {
    return new Intl.DisplayNames([htmlLang(lang)], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "Active now" within two minutes (activity is noted once a minute), else "Last active 5 minutes ago". */
export function activityLabel(lastActiveMs: number, nowMs: number, lang: Lang, t: T): string {
  const ago = nowMs - lastActiveMs;
  if (ago < 2 * 60_000) return t('settings.security.sessions.activeNow');
  const [unit, size] = UNITS.find(([, ms]) => ago >= ms) ?? UNITS[UNITS.length - 1]!;
  const time = new Intl.RelativeTimeFormat(htmlLang(lang), { numeric: 'auto' }).format(-Math.floor(ago / size), unit);
  return t('settings.security.sessions.lastActive', { time });
}

export function ActiveSessions({ served }: { served?: ServedSessions | null }) {
  const t = useT();
  const lang = useLang();
  // Rendered on the Worker: the served list (server and hydration alike), then the store's.
  const seeded = useMemo<SessionsState | null>(() => (served ? { status: 'ready', sessions: served.sessions } : null), [served]);
  useState(() => served && seedSessions(served.sessions));
  const state = useStore($sessions, seeded ? { ssr: () => seeded } : {});
  // The server's clock until hydrated (the same labels as the HTML, whatever the browser's clock or
  // the time since the render), then the browser's.
  const [servedNow, setServedNow] = useState(served?.now);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const ids = { title: useId(), intro: useId() };

  useEffect(() => {
    if (served) setServedNow(undefined);
    else void loadSessions();
  }, [served]);

  async function signOutOne(s: SessionItem) {
    setBusy(s.id);
    const ok = await endSession(s.id);
    setBusy(null);
    toast(
      ok
        ? { type: 'success', title: t('settings.security.sessions.ended'), description: deviceLabel(s, t) }
        : { type: 'error', title: t('settings.security.sessions.endFailed') },
    );
  }

  async function signOutOthers() {
    setBusy('others');
    const ok = await endOtherSessions();
    setBusy(null);
    setConfirming(false);
    toast(ok ? { type: 'success', title: t('settings.security.sessions.endedOthers') } : { type: 'error', title: t('settings.security.sessions.endFailed') });
  }

  const now = servedNow ?? Date.now();
  const others = state.sessions.filter((s) => !s.current);
  let body;
  if (state.status === 'loading' && state.sessions.length === 0) {
    body = (
      <p role="status" className="mt-4 text-sm text-gray-600">
        {t('settings.security.sessions.loading')}
      </p>
    );
  } else if (state.status === 'error') {
    body = (
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p role="alert" className="text-sm text-red-700">
          {t('settings.security.sessions.error')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void loadSessions()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="mt-4 divide-y divide-gray-200" data-testid="sessions-list">
          {state.sessions.map((s) => {
            const device = deviceLabel(s, t);
            return (
              <li key={s.id} data-session-id={s.id} data-current={s.current || undefined} className="flex items-center gap-3 py-3">
                <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-600">
                  <Glyph name={s.device === 'mobile' || s.device === 'tablet' ? 'device' : 'laptop'} />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-gray-900">
                    <span className="break-words">{device}</span>
                    {s.current && (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                        {t('settings.security.sessions.thisDevice')}
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-gray-500">
                    {placeLabel(s.country, lang, t)} · {s.current ? t('settings.security.sessions.current') : activityLabel(s.last_active_ms, now, lang, t)}
                  </p>
                </div>
                {!s.current && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={busy !== null}
                    aria-label={t('settings.security.sessions.signOutDevice', { device })}
                    onClick={() => void signOutOne(s)}
                    className="min-h-11 shrink-0"
                  >
                    <Glyph name="logout" className="h-4 w-4" />
                    <span className="hidden sm:inline">{t('settings.security.sessions.signOut')}</span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
        {others.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">{t('settings.security.sessions.empty')}</p>
        ) : (
          <Button variant="outline" className="mt-4 w-full sm:w-auto" disabled={busy !== null} onClick={() => setConfirming(true)}>
            {t('settings.security.sessions.signOutOthers')}
          </Button>
        )}
      </>
    );
  }

  return (
    <section
      className="rounded-xl border border-gray-200 bg-white p-6"
      aria-labelledby={ids.title}
      aria-describedby={ids.intro}
      aria-busy={state.status === 'loading' || undefined}
    >
      <h2 id={ids.title} className="text-lg font-semibold text-gray-900">
        {t('settings.security.sessions.title')}
      </h2>
      <p id={ids.intro} className="mt-1 text-sm text-gray-600">
        {t('settings.security.sessions.intro')}
      </p>
      {body}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        closeBlocked={busy === 'others'}
        size="sm"
        title={t('settings.security.sessions.confirmTitle')}
        description={t('settings.security.sessions.confirmBody')}
        footer={
          <>
            <Button variant="outline" disabled={busy === 'others'} onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" disabled={busy === 'others'} onClick={() => void signOutOthers()}>
              {t('settings.security.sessions.confirmAction')}
            </Button>
          </>
        }
      />
    </section>
  );
}
