import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../stores/lang';
import { useT } from './use-t';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

function Title() {
  const t = useT();
  return <h1>{t('asset.holdings.none', { symbol: 'CC' })}</h1>;
}

describe('useT', () => {
  it('translates with the current language and re-renders when it changes', () => {
    act(() => setLanguage('en'));
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe("You don't own any CC");
    act(() => setLanguage('es'));
    expect(screen.getByRole('heading').textContent).toBe('No tienes CC');
    act(() => setLanguage('fs'));
    expect(screen.getByRole('heading').textContent).toBe('Vous ne détenez pas de CC');
  });
});
