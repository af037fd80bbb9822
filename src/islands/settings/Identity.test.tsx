// The identity form's document type: a disabled "Choose a document type" comes first and is what an
// untouched form shows, in each language; the field stays required (sending without a choice says so).
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDictionary } from '../../i18n';
import { $lang } from '../../stores/lang';
import { IdentityForm } from './Identity';

beforeAll(async () => {
  await Promise.all([loadDictionary('es'), loadDictionary('fs')]);
});
afterEach(() => {
  cleanup();
  $lang.set('en');
});

const documentType = () => document.querySelector<HTMLElement>('select[name="document_type"]')!;
/** The select's options and which one shows (read through the DOM's own select properties). */
const shown = () => documentType() as unknown as { options: ArrayLike<HTMLElement & { value: string; disabled: boolean }>; selectedIndex: number };

describe('the identity form’s document type', () => {
  it.each([
    ['en', 'Choose a document type'],
    ['es', 'Elige un tipo de documento'],
    ['fs', 'Choisissez un type de document'],
  ] as const)('offers a disabled placeholder first, shown until one is chosen (%s)', (lang, placeholder) => {
    $lang.set(lang);
    render(<IdentityForm />);
    const first = shown().options[0]!;
    expect([first.textContent, first.value, first.disabled]).toEqual([placeholder, '', true]);
    expect(shown().selectedIndex).toBe(0);
    expect(shown().options).toHaveLength(4);
  });

  it('still requires a choice: sending without one says so beside the field', async () => {
    render(<IdentityForm />);
    fireEvent.submit(documentType().closest('form')!);
    // The form may load its validator first (it is not part of the page's first load).
    await waitFor(() => expect(documentType().getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(documentType().getAttribute('aria-describedby')!)?.textContent).toBe('Choose a document type.');
  });
});
