// The top navbar: the hamburger below 1024 px, the notifications, the account name (or 'User') and
// the user menu (My account, Security, Support, Sign out).
import { Dropdown } from '../../components/Dropdown';
import { IconButton } from '../../components/Icon';
import { useSeededStore } from '../../components/page-seed-context';
import { useT } from '../../components/use-t';
import { $account } from '../../stores/account';
import { signOutAndLeave } from '../../stores/auth';
import { $sidebar, CLOSED_SIDEBAR, openMobileSidebar } from '../../stores/ui';
import { Glyph } from './icons';
import { NotificationsMenu } from './NotificationsMenu';

/** The name the navbar shows: the account's, else the word User. */
export const displayName = (name: string | null | undefined, fallback: string): string => name?.trim() || fallback;

export function Navbar() {
  const t = useT();
  const account = useSeededStore($account, (s) => s.account);
  const { mobileOpen } = useSeededStore($sidebar, () => CLOSED_SIDEBAR);
  const name = displayName(account?.name, t('common.user'));
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-gray-200 bg-white/95 px-2 backdrop-blur sm:px-4 lg:px-8">
      <IconButton
        label={t('shell.openNavigation')}
        onClick={openMobileSidebar}
        aria-controls="app-sidebar"
        aria-expanded={mobileOpen}
        className="text-gray-700 lg:hidden"
      >
        <Glyph name="menu" />
      </IconButton>
      <div className="ml-auto flex items-center gap-1">
        <NotificationsMenu />
        <Dropdown
          align="end"
          triggerClassName="text-sm font-medium text-gray-800 hover:bg-gray-100"
          label={
            <>
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-gray-900 text-xs font-semibold uppercase text-white" aria-hidden="true">
                {name.slice(0, 1)}
              </span>
              {/* Named by its content, 'User menu: <name>' (the colon as the language writes it), so the visible name is in it (WCAG 2.5.3). */}
              <span className="sr-only">{t('shell.userMenu.label')} </span>
              <span data-navbar-name="" className="max-w-[10rem] truncate">
                {name}
              </span>
              <Glyph name="chevronDown" className="h-4 w-4 text-gray-500" />
            </>
          }
          items={[
            { id: 'my-account', label: t('shell.userMenu.myAccount'), href: '/settings', icon: <Glyph name="user" className="h-4 w-4" /> },
            { id: 'security', label: t('shell.userMenu.security'), href: '/settings/security', icon: <Glyph name="lock" className="h-4 w-4" /> },
            { id: 'support', label: t('shell.userMenu.support'), href: '/support', icon: <Glyph name="support" className="h-4 w-4" /> },
            { type: 'separator', id: 'sep' },
            { id: 'sign-out', label: t('shell.userMenu.signOut'), onSelect: () => void signOutAndLeave(), icon: <Glyph name="logout" className="h-4 w-4" /> },
          ]}
        />
      </div>
    </header>
  );
}
