import { beforeEach, describe, expect, it } from 'vitest';
import { $sidebar, closeMobileSidebar, openMobileSidebar, toggleCollapsed } from './ui';

beforeEach(() => {
  $sidebar.set({ collapsed: false, mobileOpen: false });
  localStorage.clear();
});

describe('$sidebar', () => {
  it('opens and closes the mobile sidebar', () => {
    openMobileSidebar();
    expect($sidebar.get().mobileOpen).toBe(true);
    closeMobileSidebar();
    expect($sidebar.get().mobileOpen).toBe(false);
  });
  it('toggles the collapsed desktop sidebar and remembers the choice', () => {
    toggleCollapsed();
    expect($sidebar.get().collapsed).toBe(true);
    expect(localStorage.getItem('dolar-sidebar-collapsed')).toBe('1');
    toggleCollapsed();
    expect($sidebar.get().collapsed).toBe(false);
    expect(localStorage.getItem('dolar-sidebar-collapsed')).toBe('0');
  });
  it('keeps the collapsed choice when the mobile panel opens', () => {
    toggleCollapsed();
    openMobileSidebar();
    expect($sidebar.get()).toEqual({ collapsed: true, mobileOpen: true });
  });
});
