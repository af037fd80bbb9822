// The user menu is named by its content ("User menu: Ana"), and its colon is the language's: French
// puts a narrow no-break space (U+202F) before it.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $account, type Account } from '../../stores/account';
import { $lang } from '../../stores/lang';
import { Navbar } from './Navbar';

beforeEach(() => {
  // The bell's notifications: none (the menu under test does not depend on them).
  vi.stubGlobal('fetch', async () => Response.json({ data: { notifications: [], unread: 0 } }));
  $account.set({ name: 'Ana' } as Account);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  $account.set(null);
  $lang.set('en');
});

describe('Navbar', () => {
  for (const [lang, name] of [
    ['en', 'User menu: Ana'],
    ['es', 'Menú de usuario: Ana'],
    ['fs', 'Menu utilisateur\u202F: Ana'],
  ] as const) {
    it(`names the user menu "${name}" (${lang})`, () => {
      $lang.set(lang);
      render(<Navbar />);
      expect(screen.getByRole('button', { name })).toBeTruthy();
    });
  }
});
