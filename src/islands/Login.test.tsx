import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginView } from '../shared/login-view';
import { loadDictionary } from '../i18n';
import { $auth } from '../stores/auth';
import { $lang } from '../stores/lang';

const client = {
  signInWithOtp: vi.fn(),
  verifyOtp: vi.fn(),
  onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe() {} } } })),
};
vi.mock('../lib/auth-client', () => ({ authClient: () => client }));

const { default: Login, RESEND_SECONDS, afterSignIn } = await import('./Login');

const assign = vi.fn();
const replace = vi.fn();

beforeEach(() => {
  vi.stubGlobal('location', { ...window.location, assign, replace, pathname: '/login', origin: 'http://localhost' });
  client.signInWithOtp.mockReset().mockResolvedValue({ data: {}, error: null });
  client.verifyOtp.mockReset();
  assign.mockReset();
  replace.mockReset();
  $auth.set({ status: 'unauthenticated', user: null, session: null });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const phoneInput = () => screen.getByLabelText<HTMLInputElement>('Phone number');
const codeInput = () => screen.getByLabelText<HTMLInputElement>('Verification code');

const countryPicker = () => screen.getByLabelText('Country');

/** Waits until the picker lists every country (the phone metadata has loaded). */
async function pickCountry(code: string) {
  await screen.findByRole('option', { name: 'Mexico (+52)' });
  fireEvent.change(countryPicker(), { target: { value: code } });
}

/** Renders the page and sends the code to `phone`, typed for `country` when one is given. */
async function submitPhone(phone = '+1 555 555 0100', country?: string) {
  render(<Login />);
  if (country) await pickCountry(country);
  fireEvent.change(phoneInput(), { target: { value: phone } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  });
}

describe('the phone number per country', () => {
  it('sends a Mexican number typed nationally as +52, not as Brazil', async () => {
    await submitPhone('55 1234 5678', 'MX');
    expect(client.signInWithOtp).toHaveBeenCalledWith({ phone: '+525512345678' });
  });

  it('refuses a number too short for its country ("12") and sends nothing', async () => {
    await submitPhone('12', 'MX');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid phone number');
    expect(client.signInWithOtp).not.toHaveBeenCalled();
  });

  it('shows the number in international form before the code is sent', async () => {
    render(<Login />);
    await pickCountry('MX');
    fireEvent.change(phoneInput(), { target: { value: '5512345678' } });
    expect((await screen.findByText(/\+52 55 1234 5678/)).textContent).toBe('We will text the code to +52\u00a055\u00a01234\u00a05678');
    expect(client.signInWithOtp).not.toHaveBeenCalled();
  });

  it('starts on the country of the browser region (en-GB: the United Kingdom)', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB', 'en'], language: 'en-GB' });
    render(<Login />);
    await screen.findByRole('option', { name: 'Mexico (+52)' });
    expect(countryPicker()).toHaveProperty('value', 'GB');
  });
});

describe('the login island', () => {
  it('refuses an invalid phone number in a red box', async () => {
    render(<Login />);
    fireEvent.change(phoneInput(), { target: { value: '+0 12' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Please enter a valid phone number');
    expect(alert.className).toContain('red');
    expect(client.signInWithOtp).not.toHaveBeenCalled();
  });

  it('sends the code to the number without spaces and says so in green', async () => {
    await submitPhone();
    expect(client.signInWithOtp).toHaveBeenCalledWith({ phone: '+15555550100' });
    const status = screen.getByText('We sent a code to +15555550100');
    expect(status.className).toContain('green');
    expect(codeInput()).toBeTruthy();
  });

  it("translates the provider's send limit with its seconds, else shows its message, else the fallback", async () => {
    client.signInWithOtp.mockResolvedValueOnce({
      data: {},
      error: { code: 'over_sms_send_rate_limit', status: 429, message: 'For security purposes, you can only request this after 42 seconds.' },
    });
    await submitPhone();
    expect(screen.getByRole('alert').textContent).toBe('For security reasons, you can request a new code in 42 seconds.');
    cleanup();
    client.signInWithOtp.mockResolvedValueOnce({ data: {}, error: { message: 'Some provider text nobody mapped' } });
    await submitPhone();
    expect(screen.getByRole('alert').textContent).toBe('Some provider text nobody mapped');
    cleanup();
    client.signInWithOtp.mockRejectedValueOnce(new Error(''));
    await submitPhone();
    expect(screen.getByRole('alert').textContent).toBe('Failed to send verification code');
  });

  it('shows the send limit in Spanish with the seconds kept', async () => {
    await loadDictionary('es');
    $lang.set('es');
    try {
      client.signInWithOtp.mockResolvedValueOnce({
        data: {},
        error: { code: 'over_sms_send_rate_limit', status: 429, message: 'For security purposes, you can only request this after 28 seconds.' },
      });
      render(<Login />);
      fireEvent.change(screen.getByLabelText('Número de teléfono'), { target: { value: '+1 555 555 0100' } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
      });
      expect(screen.getByRole('alert').textContent).toBe('Por motivos de seguridad, podrás pedir un código nuevo en 28 segundos.');
    } finally {
      $lang.set('en');
    }
  });

  it('keeps digits only, at most 6, and enables Verify only with 6', async () => {
    await submitPhone();
    fireEvent.change(codeInput(), { target: { value: '12a34' } });
    expect(codeInput().value).toBe('1234');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' }).disabled).toBe(true);
    fireEvent.change(codeInput(), { target: { value: '1234567' } });
    expect(codeInput().value).toBe('123456');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' }).disabled).toBe(false);
  });

  it('blocks resend for 60 s, then resends and says so', async () => {
    vi.useFakeTimers();
    await submitPhone();
    const resend = () => screen.getByRole<HTMLButtonElement>('button', { name: /Resend code/ });
    expect(resend().textContent).toBe(`Resend code in ${RESEND_SECONDS}s`);
    expect(resend().disabled).toBe(true);
    for (let i = 0; i < RESEND_SECONDS; i++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(resend().textContent).toBe('Resend code');
    expect(resend().disabled).toBe(false);
    await act(async () => {
      fireEvent.click(resend());
    });
    expect(client.signInWithOtp).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Code resent successfully')).toBeTruthy();
    expect(resend().disabled).toBe(true);
  });

  it('goes to /dashboard when the code gives a user', async () => {
    client.verifyOtp.mockResolvedValue({ data: { user: { id: 'u' }, session: {} }, error: null });
    await submitPhone();
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(client.verifyOtp).toHaveBeenCalledWith({ phone: '+15555550100', token: '123456', type: 'sms' });
    expect(assign).toHaveBeenCalledWith('/dashboard');
  });

  it("says 'Invalid verification code' without a user, and 'An error occurred during verification' when it throws", async () => {
    client.verifyOtp.mockResolvedValueOnce({ data: { user: null, session: null }, error: { message: 'Token has expired or is invalid' } });
    await submitPhone();
    fireEvent.change(codeInput(), { target: { value: '000000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Invalid verification code');
    client.verifyOtp.mockRejectedValueOnce(new Error('network'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('An error occurred during verification');
    expect(assign).not.toHaveBeenCalled();
  });

  it("'Change number' goes back to step 1 with the number kept for editing, the code and messages cleared", async () => {
    await submitPhone();
    fireEvent.change(codeInput(), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change number' }));
    expect(phoneInput().value).toBe('+1 555 555 0100');
    expect(screen.queryByRole('status', { name: /We sent/ })).toBeNull();
    expect(screen.queryByText(/We sent a code/)).toBeNull();
  });

  it('goes on to the code step with the remaining countdown when the same number comes back within 60 s', async () => {
    vi.useFakeTimers();
    await submitPhone();
    for (let i = 0; i < 20; i++) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Change number' }));
    fireEvent.change(phoneInput(), { target: { value: '+15555550100' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
    // The code already sent is still valid: no second send (it would hit the provider's limit).
    expect(client.signInWithOtp).toHaveBeenCalledTimes(1);
    expect(codeInput()).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('The code we sent to +15555550100 is still valid. Enter it below.');
    const resend = () => screen.getByRole<HTMLButtonElement>('button', { name: /Resend code/ });
    expect(resend().textContent).toBe(`Resend code in ${RESEND_SECONDS - 20}s`);
    expect(resend().disabled).toBe(true);
  });

  it('sends a new code for another number, or for the same one after the 60 s', async () => {
    vi.useFakeTimers();
    await submitPhone();
    fireEvent.click(screen.getByRole('button', { name: 'Change number' }));
    fireEvent.change(phoneInput(), { target: { value: '+1 555 555 0101' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
    expect(client.signInWithOtp).toHaveBeenLastCalledWith({ phone: '+15555550101' });
    await act(async () => {
      vi.advanceTimersByTime(RESEND_SECONDS * 1000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change number' }));
    fireEvent.change(phoneInput(), { target: { value: '+1 555 555 0101' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
    expect(client.signInWithOtp).toHaveBeenCalledTimes(3);
    expect(screen.getByText('We sent a code to +15555550101')).toBeTruthy();
  });

  it('goes back to the signed-in page the Worker sent the visitor from (?next=), same-origin paths only', () => {
    expect(afterSignIn('?next=%2Fmarket%3Ftab%3Dcrypto')).toBe('/market?tab=crypto');
    expect(afterSignIn('?next=%2Fsettings%2Fsecurity')).toBe('/settings/security');
    for (const bad of [
      '',
      '?next=',
      '?next=https%3A%2F%2Fevil.test%2F',
      '?next=%2F%2Fevil.test',
      '?next=%2F%5Cevil.test',
      '?next=javascript%3Aalert(1)',
      '?next=market',
    ]) {
      expect(afterSignIn(bad), bad).toBe('/dashboard');
    }
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    $auth.set({ status: 'authenticated', user: { id: 'u' } as never, session: { access_token: 'a', refresh_token: 'r' } as never });
    render(<Login />);
    expect(replace).toHaveBeenCalledWith('/dashboard');
  });
});

describe('the login page the Worker rendered', () => {
  // The island starts in the served language (a store): the other tests run in English.
  afterEach(() => $lang.set('en'));
  const codeStep: LoginView = {
    lang: 'es',
    step: 'code',
    country: 'MX',
    countries: 'MX México (+52)\nUS Estados Unidos (+1)',
    phone: '+15555550164',
    next: '/settings',
    message: { kind: 'success', key: 'login.codeSent', params: { phone: '+15555550164' } },
    resendIn: 42,
  };

  it("renders the Worker's step in its language, with forms that post to /login and every button enabled (no script needed)", async () => {
    await loadDictionary('es');
    const html = renderToString(<Login view={codeStep} />);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const form = doc.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/login');
    expect(doc.querySelector('[role="status"]')?.textContent).toBe('Enviamos un código al +15555550164');
    expect(doc.querySelector<HTMLInputElement>('input[name="next"]')?.getAttribute('value')).toBe('/settings');
    const buttons = [...doc.querySelectorAll('button')];
    expect(buttons.map((b) => [b.getAttribute('name'), b.getAttribute('form') === form.id || form.contains(b)])).toEqual([
      ['intent', true],
      ['change', true],
      ['resend', true],
    ]);
    expect(buttons.some((b) => b.hasAttribute('disabled'))).toBe(false);
    expect(buttons[2]!.textContent).toBe('Reenviar código en 42 s');
  });

  it("hydrated on the code step, verifies the number the Worker sent the code to and counts down from the Worker's seconds", async () => {
    await loadDictionary('es');
    client.verifyOtp.mockResolvedValue({ data: { user: { id: 'u' } }, error: null });
    render(<Login view={codeStep} />);
    const resend = await screen.findByRole<HTMLButtonElement>('button', { name: 'Reenviar código en 42 s' });
    expect(resend.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Código de verificación'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    });
    expect(client.verifyOtp).toHaveBeenCalledWith({ phone: '+15555550164', token: '123456', type: 'sms' });
  });
});
