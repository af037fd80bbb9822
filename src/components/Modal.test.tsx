import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal, type ModalProps } from './Modal';

afterEach(cleanup);

function Harness(props: Partial<ModalProps> & { onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          props.onClosed?.();
        }}
        title="Create New Account"
        footer={<button type="button">Create Account</button>}
        {...props}
      >
        <label>
          Account Name *
          <input />
        </label>
        <label>
          Description (Optional)
          <input />
        </label>
      </Modal>
    </div>
  );
}

const backdrop = () => document.querySelector<HTMLElement>('[data-modal-backdrop]');

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Modal open={false} onClose={() => {}} title="Hidden" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog named by its title, rendered in a portal on body', () => {
    const { container } = render(<Modal open onClose={() => {}} title="Buy CC" description="Placeholder" />);
    const dialog = screen.getByRole('dialog', { name: 'Buy CC' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(container.contains(dialog)).toBe(false);
    expect(document.body.contains(dialog)).toBe(true);
  });

  it('moves focus to the first field on open and back to the trigger on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Open' });
    await user.click(trigger);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Account Name *' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('focuses initialFocusRef when given', () => {
    function WithInitial() {
      const [ref] = useState(() => ({ current: null as HTMLButtonElement | null }));
      return (
        <Modal open onClose={() => {}} title="T" initialFocusRef={ref}>
          <input aria-label="first" />
          <button type="button" ref={(el) => void (ref.current = el)}>
            Preferred
          </button>
        </Modal>
      );
    }
    render(<WithInitial />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Preferred' }));
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    const first = screen.getByRole('textbox', { name: 'Account Name *' });
    const close = screen.getByRole('button', { name: 'Close' });

    await user.tab(); // Description
    await user.tab(); // Create Account
    await user.tab(); // Close (last)
    expect(document.activeElement).toBe(close);
    await user.tab(); // wraps to the first field
    expect(document.activeElement).toBe(first);
    await user.tab({ shift: true }); // wraps back to the last
    expect(document.activeElement).toBe(close);
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('pulls focus back when it lands outside the dialog', async () => {
    render(
      <>
        <button type="button">Outside</button>
        <Modal open onClose={() => {}} title="T">
          <input aria-label="inside" />
        </Modal>
      </>,
    );
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape, on a backdrop click and on the close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Modal open onClose={onClose} title="T" />);
    await user.keyboard('{Escape}');
    fireEvent.click(backdrop()!);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('does not close while closeBlocked (saving)', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="T" closeBlocked>
        <input aria-label="name" />
      </Modal>,
    );
    await user.keyboard('{Escape}');
    fireEvent.click(backdrop()!);
    expect(screen.getByRole('button', { name: 'Close' }).hasAttribute('disabled')).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('locks page scroll while open and restores it after', () => {
    const { rerender } = render(<Modal open onClose={() => {}} title="T" />);
    expect(document.body.style.overflow).toBe('hidden');
    rerender(<Modal open={false} onClose={() => {}} title="T" />);
    expect(document.body.style.overflow).toBe('');
  });
});
