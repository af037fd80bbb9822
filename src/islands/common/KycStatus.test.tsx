import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDictionary } from '../../i18n';
import { kycState } from '../../shared/kyc';
import { $account, $accountLoadFailed, $accountStatus, type Account } from '../../stores/account';
import { $lang } from '../../stores/lang';
import { KycStatus } from './KycStatus';

const profile = (idv_status: string | null, idvStatus?: string): Account =>
  ({
    id: 'user-1',
    name: 'Ana',
    language: 'es',
    idv: idvStatus ? { id: 'idv-1', status: idvStatus, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-02T00:00:00.000Z' } : null,
    idv_status,
    created_at: '2026-01-01T00:00:00.000Z',
  }) as unknown as Account;

beforeAll(async () => {
  await Promise.all([loadDictionary('es'), loadDictionary('fs')]);
});
afterEach(() => {
  cleanup();
  $lang.set('en');
  $account.set(null);
  $accountStatus.set('idle');
  $accountLoadFailed.set(false);
  vi.unstubAllGlobals();
});

function show(account: Account | null, lang: 'en' | 'es' | 'fs' = 'en') {
  $lang.set(lang);
  $account.set(account);
  $accountStatus.set('ready');
  render(<KycStatus />);
}

describe('the identity verification status', () => {
  it('says "Not started" when the account has no verification yet, in en, es and fs', () => {
    show(profile(null));
    expect(screen.getByRole('region', { name: 'Identity verification' }).textContent).toContain('Not started');
    cleanup();
    show(profile(null), 'es');
    expect(screen.getByRole('region', { name: 'Verificación de identidad' }).textContent).toContain('Sin iniciar');
    cleanup();
    show(profile(null), 'fs');
    expect(screen.getByRole('region', { name: 'Vérification d’identité' }).textContent).toContain('Non commencée');
  });

  it('takes idv_status first, else idv.status (the KYC summary)', () => {
    show(profile('approved', 'pending'), 'es');
    expect(screen.getByText('Verificada')).toBeTruthy();
    cleanup();
    show(profile(null, 'pending'), 'fs');
    expect(screen.getByText('En cours d’examen')).toBeTruthy();
    cleanup();
    show(profile('rejected'));
    expect(screen.getByText('Not approved')).toBeTruthy();
    expect(screen.getByText('We could not verify your identity. Contact support to try again.')).toBeTruthy();
  });

  it('links to the verification page ("Verify your identity") unless approved', () => {
    for (const status of [null, 'pending', 'rejected']) {
      show(profile(status), 'es');
      expect(screen.getByRole('link', { name: 'Verifica tu identidad' }).getAttribute('href'), String(status)).toBe('/settings/identity');
      cleanup();
    }
    show(profile('approved'));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('never shows an unmapped provider status raw', () => {
    show(profile('escalated_manual'), 'es');
    expect(screen.getByText('Desconocido')).toBeTruthy();
    expect(screen.queryByText(/escalated/)).toBeNull();
  });

  it('shows a loading state while the profile loads', () => {
    $lang.set('es');
    $accountStatus.set('loading');
    render(<KycStatus />);
    expect(screen.getByRole('status').textContent).toBe('Cargando el estado de verificación...');
  });

  it('shows an error with a retry, not "Not started", when the profile failed to load', async () => {
    $lang.set('fs');
    $accountStatus.set('ready');
    $accountLoadFailed.set(true);
    render(<KycStatus />);
    expect(screen.getByRole('alert').textContent).toBe('Le statut de votre vérification n’a pas pu être chargé.');
    expect(screen.queryByText('Non commencée')).toBeNull();
    // The retry reloads the profile (signed out here, so it fails again and the error stays).
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    });
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('folds the names providers use for the same state', () => {
    expect(kycState('VERIFIED')).toBe('approved');
    expect(kycState('in-review')).toBe('pending');
    expect(kycState('declined')).toBe('rejected');
    expect(kycState('')).toBe('none');
  });
});
