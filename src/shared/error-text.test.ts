import { beforeAll, describe, expect, it } from 'vitest';
import { loadDictionary } from '../i18n';
import { ApiError } from '../stores/api';
import { apiErrorText, authErrorText } from './error-text';
import { featureCategoryKey, featureRequestDescription, featureRequestTitle } from './feature-request-labels';
import { walletLabel } from './seeded-text';
import { t, type TranslationKey } from '../i18n';

beforeAll(async () => {
  await Promise.all([loadDictionary('es'), loadDictionary('fs')]);
});

const rateLimit = { code: 'over_sms_send_rate_limit', status: 429, message: 'For security purposes, you can only request this after 28 seconds.' };

describe('provider (GoTrue) errors in the user language', () => {
  it('says "1 second", not "1 seconds", when one second is left', () => {
    expect(authErrorText('en', { ...rateLimit, message: 'For security purposes, you can only request this after 1 seconds.' })).toBe(
      'For security reasons, you can request a new code in 1 second.',
    );
  });

  it('keeps the seconds of the SMS send limit in every language', () => {
    expect(authErrorText('en', rateLimit)).toBe('For security reasons, you can request a new code in 28 seconds.');
    expect(authErrorText('es', rateLimit)).toBe('Por motivos de seguridad, podrás pedir un código nuevo en 28 segundos.');
    expect(authErrorText('fs', rateLimit)).toBe('Pour des raisons de sécurité, vous pourrez demander un nouveau code dans 28 secondes.');
  });

  it('recognises the send limit by status and text when the code is missing', () => {
    expect(authErrorText('es', { status: 429, message: rateLimit.message })).toContain('28 segundos');
  });

  it('maps other known codes, and keeps an unknown message only as the last fallback', () => {
    expect(authErrorText('fs', { code: 'over_request_rate_limit', status: 429, message: 'Request rate limit reached' })).toBe(
      'Trop de tentatives. Patientez un instant puis réessayez.',
    );
    expect(authErrorText('es', { status: 500, message: 'Unexpected failure, please check server logs' })).toBe(
      'Algo salió mal de nuestro lado. Inténtalo de nuevo.',
    );
    expect(authErrorText('es', { status: 400, message: 'Brand new provider text' })).toBe('Brand new provider text');
    expect(authErrorText('es', {})).toBe('No se pudo enviar el código de verificación');
  });
});

describe('API errors in the user language', () => {
  it("never shows 'HTTP error! status: 500': a server failure reads as one", () => {
    expect(apiErrorText('es', new ApiError('HTTP error! status: 500', 500))).toBe('Algo salió mal de nuestro lado. Inténtalo de nuevo.');
    expect(apiErrorText('fs', new ApiError('Internal server error', 500, 'internal_error'))).toBe('Un problème est survenu de notre côté. Veuillez réessayer.');
    expect(apiErrorText('es', new ApiError('Upstream service unavailable', 502, 'upstream_unavailable'))).toBe(
      'El servicio no está disponible en este momento. Inténtalo más tarde.',
    );
  });

  it('reads a business refusal by its code, whatever the English text says', () => {
    expect(apiErrorText('es', new ApiError('Reworded: the last account stays', 409, 'only_account'))).toBe('No puedes eliminar tu única cuenta.');
    expect(apiErrorText('fs', { message: 'Wallets left', status: 409, code: 'account_holds_wallets' })).toBe(t('fs', 'errors.accountHoldsWallets'));
    expect(apiErrorText('es', { message: 'Balance too low', status: 400, code: 'insufficient_funds' })).toBe(t('es', 'errors.insufficientFunds'));
    expect(apiErrorText('es', { message: 'Ticket is closed', status: 409, code: 'ticket_closed' })).toBe(t('es', 'support.comments.closed'));
    expect(apiErrorText('fs', { message: 'Already voted', status: 409, code: 'already_voted' })).toBe(t('fs', 'errors.alreadyVoted'));
    expect(apiErrorText('es', { message: 'Try again', status: 409, code: 'changed_meanwhile' })).toBe(t('es', 'errors.conflictTryAgain'));
  });

  it('shows a send below the minimum (amount_below_minimum) in the user language, naming the minimum', () => {
    const dust = { message: 'amount: Amount must be at least 0.1 CC', status: 400, code: 'amount_below_minimum' };
    expect(apiErrorText('en', dust)).toBe('The smallest amount you can send is 0.10 CC.');
    expect(apiErrorText('es', dust)).toBe('El monto mínimo que puedes enviar es 0,10 CC.');
    expect(apiErrorText('fs', dust)).toBe('Le plus petit montant que vous pouvez envoyer est 0,10 CC.');
  });

  it('reads the platform refusals by their code: rate limit, idempotency, size, session, not found', () => {
    expect(apiErrorText('es', { message: 'Slow down', status: 429, code: 'rate_limited' })).toBe(
      'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    );
    expect(apiErrorText('fs', { message: 'Key reused', status: 422, code: 'idempotency_conflict' })).toBe(t('fs', 'errors.idempotencyConflict'));
    expect(apiErrorText('es', { message: 'Too big', status: 413, code: 'payload_too_large' })).toBe(t('es', 'errors.tooLarge'));
    expect(apiErrorText('fs', { message: 'Session has ended', status: 401, code: 'unauthorized' })).toBe('Votre session a expiré. Veuillez vous reconnecter.');
    expect(apiErrorText('es', { message: 'Stock X not found', status: 404, code: 'not_found' })).toBe(t('es', 'errors.notFound'));
    expect(apiErrorText('es', { message: 'accountId: Invalid id', status: 400, code: 'validation_failed' })).toBe(t('es', 'errors.invalidValue'));
    expect(apiErrorText('fs', { message: 'Not configured', status: 503, code: 'not_configured' })).toBe(t('fs', 'errors.unavailable'));
  });

  it('gives every error code that has a text a text in every language', async () => {
    const { ERROR_CODES } = await import('./error-codes');
    for (const code of ERROR_CODES) {
      const shown = apiErrorText('es', { message: 'RAW', status: 400, code });
      if (!['conflict', 'wallet_exists', 'party_exists'].includes(code)) expect(shown, code).not.toBe('RAW');
    }
  });

  it('falls back by status when an answer has no code, and ignores an unknown code', () => {
    expect(apiErrorText('es', new ApiError('Too many requests, please try again later', 429))).toBe(
      'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    );
    expect(apiErrorText('fs', new ApiError('Invalid or expired access token', 401))).toBe('Votre session a expiré. Veuillez vous reconnecter.');
    expect(apiErrorText('es', { message: 'Odd refusal', status: 409, code: 'made_up_code' })).toBe('Odd refusal');
  });

  it('translates a validation answer, which is an English dictionary text', () => {
    expect(apiErrorText('es', new ApiError(t('en', 'errors.invalidValue'), 400))).toBe(t('es', 'errors.invalidValue'));
    expect(apiErrorText('fs', new Error('No access token available'))).toBe(t('fs', 'errors.noAccessToken'));
  });

  it('says the network is down when fetch itself fails', () => {
    expect(apiErrorText('es', new TypeError('Failed to fetch'))).toBe('Sin conexión. Revisa tu internet e inténtalo de nuevo.');
  });

  it('keeps an unknown 4xx message as is, and uses the fallback when there is no text', () => {
    expect(apiErrorText('es', new ApiError('Ticket is closed', 409))).toBe('Ticket is closed');
    expect(apiErrorText('es', new ApiError('HTTP error! status: 418', 418), 'errors.fetchTransactions')).toBe(t('es', 'errors.fetchTransactions'));
    expect(apiErrorText('fs', undefined)).toBe(t('fs', 'errors.generic'));
  });
});

describe('what the product seeds, in the user language', () => {
  const label = (lang: 'en' | 'es' | 'fs', c: string) => {
    const key = featureCategoryKey(c);
    return key ? t(lang, key) : c;
  };

  it("shows the server's feature-request categories in Spanish and French", () => {
    expect(label('es', 'Payments')).toBe('Pagos');
    expect(label('fs', 'Notifications')).toBe('Notifications');
    expect(label('es', 'Digital Assets')).toBe('Activos digitales');
    expect(label('fs', 'Localization')).toBe('Langues');
    expect(label('es', 'Something new')).toBe('Something new');
  });

  it('translates the seeded feature requests by id and leaves user requests as written', () => {
    const tr = (key: TranslationKey) => t('es', key);
    const seeded = { id: 'fr-seed-03', title: 'Dark mode', description: 'A dark theme for the web and mobile app...' };
    expect(featureRequestTitle(tr, seeded)).toBe('Modo oscuro');
    expect(featureRequestDescription(tr, seeded)).toMatch(/^Un tema oscuro/);
    const mine = { id: 'b0c7c5a4-1111-4222-8333-944445555666', title: 'Dark mode please', description: 'Mine, as I wrote it.' };
    expect(featureRequestTitle(tr, mine)).toBe('Dark mode please');
    expect(featureRequestDescription(tr, mine)).toBe('Mine, as I wrote it.');
  });

  it("shows the core's 'Digital Assets' wallet label in the user language, a user's label as written", () => {
    expect(walletLabel((k) => t('es', k), { label: 'Digital Assets' })).toBe('Activos digitales');
    expect(walletLabel((k) => t('fs', k), { label: 'Digital Assets' })).toBe('Actifs numériques');
    expect(walletLabel((k) => t('es', k), { label: 'Ahorros' })).toBe('Ahorros');
    expect(walletLabel((k) => t('es', k), { label: '' })).toBe(t('es', 'common.unnamedWallet'));
  });
});
