import { describe, expect, it } from 'vitest';
import { MAIN_NAV, SETTINGS_NAV, isCurrent } from './nav';

const current = (items: typeof MAIN_NAV, path: string) => items.filter((i) => isCurrent(i, path)).map((i) => i.href);

describe('the current navigation item', () => {
  it('is Accounts for every path under /accounts', () => {
    for (const path of ['/accounts', '/accounts/', '/accounts/usd', '/accounts/digital-assets/CC']) {
      expect(current(MAIN_NAV, path)).toEqual(['/accounts']);
    }
  });
  it('is the exact item for the other links', () => {
    expect(current(MAIN_NAV, '/market')).toEqual(['/market']);
    expect(current(MAIN_NAV, '/transactions/')).toEqual(['/transactions']);
    expect(current(MAIN_NAV, '/dashboard')).toEqual([]);
  });
  it('marks one settings item at a time, General only on /settings itself', () => {
    expect(current(SETTINGS_NAV, '/settings')).toEqual(['/settings']);
    expect(current(SETTINGS_NAV, '/settings/security')).toEqual(['/settings/security']);
  });
  it('lists the settings navigation in the spec order', () => {
    expect(SETTINGS_NAV.map((i) => i.href)).toEqual([
      '/settings',
      '/settings/security',
      '/settings/notifications',
      '/settings/billing',
      '/settings/privacy',
      '/settings/collaboration',
      '/settings/api',
      '/settings/feature-requests',
      '/settings/faq',
    ]);
  });
});
