// The feature-request list of /settings/feature-requests and of the support page's Requests tab when
// the list cannot be loaded: an error the user can retry, never the empty state's invitation.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from '../../stores/auth';
import { $featureRequests } from '../../stores/feature-requests';
import { $lang } from '../../stores/lang';
import { featureRequestRow } from '../../stores/feature-request-row.fixture';
import { clearToasts } from '../../stores/toasts';
import { Requests } from '../support/Requests';
import { FeatureRequests } from './FeatureRequests';

const item = { ...featureRequestRow('a', 2, 0), title: 'Dark mode', description: 'A dark theme for the night' };

let fail = true;

beforeEach(() => {
  fail = true;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  vi.stubGlobal('fetch', async () => (fail ? Response.json({ message: 'boom' }, { status: 500 }) : Response.json({ data: [item] })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => clearToasts());
  $featureRequests.set({ status: 'idle', items: [], pending: [] });
  $lang.set('en');
});

describe.each([
  ['settings', () => <FeatureRequests />],
  ['support', () => <Requests />],
])('a failed feature-request load (%s)', (_name, view) => {
  it("says the list could not be loaded with Try again, not 'Be the first to submit…', and Try again loads it", async () => {
    render(view());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Feature requests couldn't be loaded");
    expect(screen.queryByText('Be the first to submit a feature request!')).toBeNull();
    expect(screen.queryByText('No feature requests')).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByText('Dark mode')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so in Spanish and French too', async () => {
    $lang.set('es');
    const { unmount } = render(view());
    expect((await screen.findByRole('alert')).textContent).toContain('No se pudieron cargar las solicitudes de funciones');
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
    unmount();
    $lang.set('fs');
    render(view());
    expect((await screen.findByRole('alert')).textContent).toContain('Impossible de charger les demandes de fonctionnalités');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
