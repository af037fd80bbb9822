import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmModal, type ConfirmModalProps } from './ConfirmModal';

afterEach(cleanup);

const props = (over: Partial<ConfirmModalProps> = {}): ConfirmModalProps => ({
  open: true,
  title: 'Delete recurring buy',
  children: 'Delete the recurring buy of $10.00 of AAPL?',
  failure: null,
  busy: false,
  keepLabel: 'Keep it',
  confirmLabel: 'Delete',
  action: 'recurring-delete-confirm',
  onConfirm: vi.fn(),
  onClose: vi.fn(),
  ...over,
});

describe('ConfirmModal', () => {
  it('asks its question in a dialog and goes ahead only on the confirm button', async () => {
    const p = props();
    render(<ConfirmModal {...p} />);
    const dialog = await screen.findByRole('dialog', { name: 'Delete recurring buy' });
    expect(dialog.textContent).toContain('Delete the recurring buy of $10.00 of AAPL?');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(p.onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete' }).getAttribute('data-action')).toBe('recurring-delete-confirm');
  });

  it('keeps things as they are on the keep button', async () => {
    const p = props();
    render(<ConfirmModal {...p} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(p.onClose).toHaveBeenCalledTimes(1);
    expect(p.onConfirm).not.toHaveBeenCalled();
  });

  it('announces a failure, and blocks keeping while the action runs', async () => {
    render(<ConfirmModal {...props({ failure: 'This order is filled', busy: true })} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This order is filled');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Keep it' }).disabled).toBe(true);
  });
});
