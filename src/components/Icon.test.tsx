import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Icon, IconButton } from './Icon';
import { CloseIcon } from './icons';

afterEach(cleanup);

describe('Icon', () => {
  it('hides a decorative icon from assistive tech', () => {
    const { container } = render(
      <Icon>
        <CloseIcon />
      </Icon>,
    );
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('names a standalone icon', () => {
    render(
      <Icon label="Verified">
        <CloseIcon />
      </Icon>,
    );
    expect(screen.getByRole('img', { name: 'Verified' })).toBeTruthy();
  });

  it('gives an icon button a name, never submits a form with it, and calls its handler', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <IconButton label="Copy Party ID" onClick={onClick}>
          <CloseIcon />
        </IconButton>
        <IconButton label="Close" disabled onClick={onClick}>
          <CloseIcon />
        </IconButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Copy Party ID' });
    expect(button.getAttribute('type')).toBe('button');
    button.click();
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    // The drawing inside adds nothing to the name: the label is all a screen reader hears.
    expect(button.textContent).toBe('');
    screen.getByRole('button', { name: 'Close' }).click();
    expect(onClick).toHaveBeenCalledOnce();
  });
});
