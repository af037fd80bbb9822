// $sidebar: the application shell's sidebar. On desktop (>= 1024 px) it is expanded (256 px) or
// collapsed (64 px) and the choice is remembered; below 1024 px it is a slide-in panel that is open
// or closed (the hamburger opens it, the backdrop or Escape closes it).
import { atom } from 'nanostores';

export interface SidebarState {
  collapsed: boolean;
  mobileOpen: boolean;
}

const STORAGE_KEY = 'dolar-sidebar-collapsed';

function storedCollapsed(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** The sidebar as a page rendered on the server shows it: expanded, slide-in panel closed. */
export const CLOSED_SIDEBAR: SidebarState = { collapsed: false, mobileOpen: false };

export const $sidebar = atom<SidebarState>({ collapsed: storedCollapsed(), mobileOpen: false });

export function toggleCollapsed(): void {
  const collapsed = !$sidebar.get().collapsed;
  $sidebar.set({ ...$sidebar.get(), collapsed });
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, collapsed ? '1' : '0');
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

export const openMobileSidebar = (): void => $sidebar.set({ ...$sidebar.get(), mobileOpen: true });
export const closeMobileSidebar = (): void => $sidebar.set({ ...$sidebar.get(), mobileOpen: false });
