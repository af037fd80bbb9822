import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dropdown, type DropdownItem } from './Dropdown';

afterEach(cleanup);

// The menu's own chunk loads when the browser is idle after the page's first load: in the tests it is
// in before the first of them, as on a page, and the first open that finds it missing still opens.
beforeAll(async () => {
  render(<Dropdown label="First open" items={[{ id: 'a', label: 'A' }]} />);
  fireEvent.click(screen.getByRole('button', { name: 'First open' }));
  expect((await screen.findByRole('menuitem', { name: 'A' })).textContent).toBe('A');
  cleanup();
});

function setup(extra: Partial<Parameters<typeof Dropdown>[0]> = {}) {
  const onMyAccount = vi.fn();
  const onSignOut = vi.fn();
  const onCreate = vi.fn();
  const items: DropdownItem[] = [
    { id: 'me', label: 'My account', onSelect: onMyAccount },
    { id: 'support', label: 'Support', href: '#support' },
    { id: 'create', label: 'Create New Account', onSelect: onCreate, disabled: true },
    { type: 'separator', id: 'sep' },
    { id: 'out', label: 'Sign out', onSelect: onSignOut },
  ];
  render(
    <>
      <Dropdown label="Ana" items={items} {...extra} />
      <button type="button">Elsewhere</button>
    </>,
  );
  const trigger = screen.getByRole('button', { name: 'Ana' });
  return { trigger, onMyAccount, onSignOut, onCreate, user: userEvent.setup() };
}

const focusedText = () => document.activeElement?.textContent;

describe('Dropdown', () => {
  it('is a closed menu button until opened', () => {
    const { trigger } = setup();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens below the trigger with items and a separator, focusing the first item on Enter', async () => {
    const { trigger, user } = setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Ana' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(menu.id);
    expect(menu.className).toContain('top-full');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['My account', 'Support', 'Create New Account', 'Sign out']);
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(focusedText()).toBe('My account');
  });

  it('opens on Space and on ArrowDown at the first item, on ArrowUp at the last', async () => {
    const { trigger, user } = setup();
    trigger.focus();
    await user.keyboard(' ');
    expect(focusedText()).toBe('My account');
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowDown}');
    expect(focusedText()).toBe('My account');
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowUp}');
    expect(focusedText()).toBe('Sign out');
  });

  it('moves with the arrows past the separator, wrapping, and with Home and End', async () => {
    const { trigger, user } = setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(focusedText()).toBe('Support');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focusedText()).toBe('Sign out');
    await user.keyboard('{ArrowDown}');
    expect(focusedText()).toBe('My account');
    await user.keyboard('{ArrowUp}');
    expect(focusedText()).toBe('Sign out');
    await user.keyboard('{Home}');
    expect(focusedText()).toBe('My account');
    await user.keyboard('{End}');
    expect(focusedText()).toBe('Sign out');
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const { trigger, user } = setup();
    trigger.focus();
    await user.keyboard('{Enter}{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('runs an item on Enter or click, then closes', async () => {
    const { trigger, user, onMyAccount, onSignOut } = setup();
    trigger.focus();
    await user.keyboard('{Enter}{Enter}');
    expect(onMyAccount).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('keeps a disabled item reachable but does nothing when it is chosen', async () => {
    const { trigger, user, onCreate } = setup();
    trigger.focus();
    await user.keyboard('{Enter}{ArrowDown}{ArrowDown}');
    expect(focusedText()).toBe('Create New Account');
    expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    expect(onCreate).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('renders a link item as a link', async () => {
    const { trigger, user } = setup();
    await user.click(trigger);
    expect(screen.getByRole('menuitem', { name: 'Support' }).getAttribute('href')).toBe('#support');
  });

  it('closes on a click outside and on a second click of the trigger', async () => {
    const { trigger, user } = setup();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(trigger);
    await user.click(trigger);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes when Tab leaves the menu', async () => {
    const { trigger, user } = setup();
    await user.click(trigger);
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('does not let Escape reach an enclosing dialog', () => {
    const onOuterKeyDown = vi.fn();
    render(
      <div onKeyDown={(event) => event.key === 'Escape' && onOuterKeyDown()}>
        <Dropdown label="Inner" items={[{ id: 'a', label: 'A' }]} />
      </div>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Inner' }));
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'A' }), { key: 'Escape' });
    expect(onOuterKeyDown).not.toHaveBeenCalled();
  });

  it('uses triggerLabel as the name of an icon-only trigger and aligns to the end', async () => {
    render(<Dropdown label={<span aria-hidden="true">A</span>} triggerLabel="User menu" align="end" items={[{ id: 'x', label: 'X' }]} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'User menu' }));
    expect(screen.getByRole('menu').className).toContain('right-0');
  });
});
