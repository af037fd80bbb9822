// The navbar's notifications: a bell whose badge counts the unread events, opening a menu of the
// recent ones (what happened, the amount, when), each a link to its transaction (an identity decision:
// to the verification page). Opening it marks them read on the server (so the other devices agree).
// Its accessible name carries the count ("Notifications, 3 unread").
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Dropdown } from '../../components/Dropdown';
import { useT } from '../../components/use-t';
import { formatDate } from '../../shared/format';
import { $lang } from '../../stores/lang';
import { $notifications, markAllRead, notificationHref, notificationText, startNotifications } from '../../stores/notifications';
import { Glyph } from './icons';

export function NotificationsMenu() {
  const t = useT();
  const lang = useStore($lang);
  const { items, unread } = useStore($notifications);
  useEffect(() => startNotifications(), []);
  const label = unread === 0 ? t('shell.notifications.title') : t('shell.notifications.unread', { count: unread });
  return (
    <Dropdown
      align="end"
      triggerLabel={label}
      triggerClassName="relative px-2 text-gray-700 hover:bg-gray-100"
      // Below 640 px the menu spans the screen under the navbar: lined up with the bell it would run off the left edge.
      menuClassName="w-80 max-h-[70vh] overflow-y-auto max-sm:fixed max-sm:inset-x-2 max-sm:top-16 max-sm:w-auto"
      onOpen={() => void markAllRead()}
      label={
        <>
          <Glyph name="bell" />
          {unread > 0 && (
            <span
              data-notifications-badge=""
              aria-hidden="true"
              className="absolute right-0.5 top-1 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </>
      }
      items={
        items.length === 0
          ? [{ id: 'empty', label: t('shell.notifications.empty'), disabled: true }]
          : items.map((n) => ({
              id: n.id,
              href: notificationHref(n),
              label: (
                <span className="flex flex-col py-2">
                  <span className={n.read ? 'text-gray-700' : 'font-semibold text-gray-900'}>{notificationText(lang, n)}</span>
                  <span className="text-xs text-gray-500">{formatDate(n.created_at)}</span>
                </span>
              ),
            }))
      }
    />
  );
}
