// The two sidebars of the shell: the main one (account selector, links to the signed-in screens,
// collapse toggle) and the settings navigation (Back, the settings pages, Logout). The current item
// carries aria-current="page" and an indicator bar.
import { usePageSeed } from '../../components/page-seed-context';
import { useState } from 'react';
import { useT } from '../../components/use-t';
import { signOutAndLeave } from '../../stores/auth';
import { closeMobileSidebar, toggleCollapsed } from '../../stores/ui';
import { AccountSelector } from './AccountSelector';
import { Glyph } from './icons';
import { MAIN_NAV, SETTINGS_NAV, isCurrent, type NavItem } from './nav';

/** The page's path: the one the server rendered (hydration sees the same), else the browser's. */
function useCurrentPath(): string {
  const seeded = usePageSeed()?.path;
  return seeded ?? (typeof location === 'undefined' ? '/' : location.pathname);
}

function NavLink({ item, collapsed = false }: { item: NavItem; collapsed?: boolean }) {
  const t = useT();
  const current = isCurrent(item, useCurrentPath());
  const label = t(item.label);
  return (
    <li>
      <a
        href={item.href}
        aria-current={current ? 'page' : undefined}
        title={collapsed ? label : undefined}
        onClick={closeMobileSidebar}
        className={`relative flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium ${
          current ? 'bg-gray-100 text-gray-900' : 'text-gray-600 hover:bg-gray-50 hover:text-gray-900'
        } ${collapsed ? 'lg:justify-center lg:px-0' : ''}`}
      >
        {current && <span data-indicator="" className="absolute inset-y-2 left-0 w-1 rounded-r bg-gray-900" aria-hidden="true" />}
        <Glyph name={item.icon} />
        <span className={collapsed ? 'lg:sr-only' : ''}>{label}</span>
      </a>
    </li>
  );
}

function MobileClose() {
  const t = useT();
  return (
    <button
      type="button"
      onClick={closeMobileSidebar}
      aria-label={t('shell.closeNavigation')}
      className="ml-auto inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 lg:hidden"
    >
      <Glyph name="close" />
    </button>
  );
}

export function MainSidebar({ collapsed }: { collapsed: boolean }) {
  const t = useT();
  return (
    <>
      <div className={`flex items-center gap-1 border-b border-gray-200 p-3 ${collapsed ? 'lg:justify-center lg:px-2' : ''}`}>
        <AccountSelector collapsed={collapsed} />
        <MobileClose />
      </div>
      <nav aria-label={t('shell.mainNavigation')} className="flex-1 overflow-y-auto p-3">
        <ul className="space-y-1">
          {MAIN_NAV.map((item) => (
            <NavLink key={item.href} item={item} collapsed={collapsed} />
          ))}
        </ul>
      </nav>
      <div className="hidden border-t border-gray-200 p-3 lg:block">
        <button
          type="button"
          onClick={toggleCollapsed}
          aria-label={collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')}
          aria-controls="app-sidebar"
          aria-expanded={!collapsed}
          className={`flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm text-gray-600 hover:bg-gray-50 ${collapsed ? 'justify-center px-0' : ''}`}
        >
          <Glyph name={collapsed ? 'chevronRight' : 'chevronLeft'} />
          {!collapsed && <span>{t('shell.collapseSidebar')}</span>}
        </button>
      </div>
    </>
  );
}

export function SettingsSidebar() {
  const t = useT();
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <div className="flex items-center gap-1 border-b border-gray-200 p-3">
        <a href="/accounts" className="flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-gray-600 hover:bg-gray-50 hover:text-gray-900">
          <Glyph name="chevronLeft" />
          {t('common.back')}
        </a>
        <MobileClose />
      </div>
      <nav aria-label={t('settings.nav.label')} className="flex-1 overflow-y-auto p-3">
        <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-gray-500">{t('settings.title')}</p>
        <ul className="space-y-1">
          {SETTINGS_NAV.map((item) => (
            <NavLink key={item.href} item={item} />
          ))}
        </ul>
      </nav>
      <div className="border-t border-gray-200 p-3">
        <button
          type="button"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOutAndLeave();
          }}
          className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-red-600 hover:bg-red-50 disabled:opacity-60"
        >
          <Glyph name="logout" />
          {t('settings.nav.logout')}
        </button>
      </div>
    </>
  );
}
