import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDictionary } from '../i18n';
import type { OnboardingChecklist } from '../shared/schemas/onboarding';
import { $lang } from '../stores/lang';
import { GetStartedBanner } from './common/GetStartedBanner';
import { Onboarding } from './Onboarding';

const checklist = (verify: boolean, dollars: boolean, first: boolean): OnboardingChecklist => ({
  steps: [
    { id: 'verify_identity', done: verify },
    { id: 'add_dollars', done: dollars },
    { id: 'first_purchase_or_send', done: first },
  ],
  complete: verify && dollars && first,
});

beforeAll(async () => {
  await Promise.all([loadDictionary('es'), loadDictionary('fs')]);
});
afterEach(() => {
  cleanup();
  $lang.set('en');
});

const step = (id: string) => document.querySelector<HTMLElement>(`[data-step="${id}"]`)!;

describe('the onboarding checklist', () => {
  it('says in words which steps are done and links each to its screen', () => {
    render(<Onboarding checklist={checklist(true, false, false)} />);
    expect(within(step('verify_identity')).getByText('Done')).toBeTruthy();
    expect(within(step('add_dollars')).getByText('To do')).toBeTruthy();
    expect(within(step('first_purchase_or_send')).getByText('To do')).toBeTruthy();
    expect(within(step('verify_identity')).getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe('/settings/identity');
    expect(within(step('add_dollars')).getByRole('link', { name: 'Go to your USD account' }).getAttribute('href')).toBe('/accounts/usd');
    const last = within(step('first_purchase_or_send'));
    expect(last.getByRole('link', { name: 'New Transaction' }).getAttribute('href')).toBe('/transactions');
    expect(last.getByRole('link', { name: 'Send from your wallet' }).getAttribute('href')).toBe('/accounts/digital-assets');
    expect(screen.getByText('1 of 3 steps done')).toBeTruthy();
  });

  it('says when everything is done, in Spanish', () => {
    $lang.set('es');
    render(<Onboarding checklist={checklist(true, true, true)} />);
    expect(screen.getByText('Todo listo: tu cuenta está preparada.')).toBeTruthy();
    expect(document.querySelectorAll('[data-done="true"]')).toHaveLength(3);
  });

  it('still shows the steps, without a state it does not know, when the checklist could not be read', () => {
    render(<Onboarding checklist={null} />);
    expect(document.querySelectorAll('[data-step]')).toHaveLength(3);
    expect(screen.queryByText('Done')).toBeNull();
    expect(screen.queryByText('To do')).toBeNull();
  });
});

describe('the pointer from the first screen to the checklist', () => {
  it('counts the steps done and links to /onboarding, in French with its narrow space', () => {
    $lang.set('fs');
    render(<GetStartedBanner checklist={checklist(false, true, false)} />);
    expect(screen.getByRole('heading', { name: 'Terminez la configuration de votre compte' })).toBeTruthy();
    // Exact text: the default matcher would fold the narrow no-break space into a plain one.
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Étapes terminées\u202f: 1 sur 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continuer' }).getAttribute('href')).toBe('/onboarding');
  });
});
