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

  it('gives an icon button a name and a 44x44 px minimum touch target', () => {
    const onClick = vi.fn();
    render(
      <IconButton label="Copy Party ID" onClick={onClick}>
        <CloseIcon />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Copy Party ID' });
    expect(button.className).toContain('min-h-11');
    expect(button.className).toContain('min-w-11');
    expect(button.getAttribute('type')).toBe('button');
    button.click();
    expect(onClick).toHaveBeenCalledOnce();
  });
});
