// The signed-in layout: a fixed sidebar on screens >= 1024 px, expanded (256 px) or collapsed (64
// px) with the main area indented to match; below 1024 px a 256 px slide-in sidebar with a dimmed
// backdrop, opened by 'Open navigation' and closed by the backdrop, Escape, its close button or
// following a link. One sidebar element serves both. While the slide-in sidebar is open the main
// area is indented 256 px: it is pushed aside whole rather than squeezed into the 134 px left on a
// phone, and the overflow is clipped so the page never scrolls sideways.
import { useEffect, useRef, type ReactNode } from 'react';
import { useSeededStore } from '../../components/page-seed-context';
import { useT } from '../../components/use-t';
import { $sidebar, CLOSED_SIDEBAR, closeMobileSidebar } from '../../stores/ui';
import { Navbar } from './Navbar';
import { MainSidebar, SettingsSidebar } from './Sidebar';

export type ShellVariant = 'main' | 'settings';

export function Shell({ variant, children }: { variant: ShellVariant; children: ReactNode }) {
  const t = useT();
  // The server does not know this device's stored choice: it renders the sidebar expanded, and a
  // collapsed choice applies right after hydration.
  const { collapsed: storedCollapsed, mobileOpen } = useSeededStore($sidebar, () => CLOSED_SIDEBAR);
  // The settings navigation has no collapsed form.
  const collapsed = variant === 'main' && storedCollapsed;
  const panel = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!mobileOpen) return;
    opener.current = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeMobileSidebar();
    };
    // Back on a desktop-wide window the panel is the fixed sidebar again.
    const wide = window.matchMedia('(min-width: 1024px)');
    const onWide = () => wide.matches && closeMobileSidebar();
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
      opener.current?.focus();
    };
  }, [mobileOpen]);

  const width = collapsed ? 'lg:w-16' : 'lg:w-64';
  return (
    <div className="min-h-screen overflow-x-clip bg-gray-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('shell.skipToContent')}
      </a>
      {mobileOpen && (
        <div data-testid="sidebar-backdrop" className="fixed inset-0 z-40 bg-gray-900/50 lg:hidden" aria-hidden="true" onClick={closeMobileSidebar} />
      )}
      <aside
        ref={panel}
        id="app-sidebar"
        aria-label={variant === 'settings' ? t('settings.nav.label') : t('shell.mainNavigation')}
        className={`fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r border-gray-200 bg-white transition-[transform,width] duration-200 motion-reduce:transition-none ${width} ${
          mobileOpen ? 'visible translate-x-0 shadow-xl' : 'invisible -translate-x-full'
        } lg:visible lg:z-30 lg:translate-x-0 lg:shadow-none`}
      >
        {variant === 'settings' ? <SettingsSidebar /> : <MainSidebar collapsed={collapsed} />}
      </aside>
      {/* While the slide-in panel is open (narrow screens only) the page behind it is out of reach. */}
      <div
        inert={mobileOpen}
        data-shell-content=""
        className={`flex min-h-screen flex-col transition-[padding,translate] duration-200 motion-reduce:transition-none ${collapsed ? 'lg:pl-16' : 'lg:pl-64'} ${
          mobileOpen ? 'max-lg:translate-x-64' : ''
        }`}
      >
        <Navbar />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
