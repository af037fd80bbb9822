import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

afterEach(cleanup);

describe('Button', () => {
  it('is a plain button by default, so it never submits a form by accident', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('button');
  });

  it('is a named, working button in every variant and size, and a disabled one ignores clicks', () => {
    const onClick = vi.fn();
    const looks = [
      { variant: 'primary', size: 'md' },
      { variant: 'secondary', size: 'lg' },
      { variant: 'outline', size: 'sm' },
      { variant: 'ghost', size: 'md' },
    ] as const;
    render(
      <>
        {looks.map(({ variant, size }) => (
          <Button key={variant} variant={variant} size={size} onClick={() => onClick(variant)}>
            {variant}
          </Button>
        ))}
        <Button disabled onClick={() => onClick('disabled')}>
          Off
        </Button>
      </>,
    );
    for (const { variant } of looks) fireEvent.click(screen.getByRole('button', { name: variant }));
    const off = screen.getByRole('button', { name: 'Off' });
    expect(off.hasAttribute('disabled')).toBe(true);
    fireEvent.click(off);
    expect(onClick.mock.calls.map(([v]) => v)).toEqual(['primary', 'secondary', 'outline', 'ghost']);
  });

  it('never submits the form it sits in unless it is a submit button', () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Preview</Button>
        <Button type="submit">Send</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('is disabled, busy and announces Loading... with a spinner while loading', () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Create Account
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Loading\.\.\..*Create Account/ });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    // The spinner is drawn for the eye only: the accessible name says Loading... instead.
    expect(button.querySelector('[aria-hidden="true"] svg')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows no spinner and stays enabled when not loading', () => {
    render(<Button>Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.querySelector('svg')).toBeNull();
  });

  it('forwards its ref and extra props to the <button>', () => {
    const ref = createRef<HTMLButtonElement>();
    const onClick = vi.fn();
    render(
      <Button ref={ref} type="submit" data-testid="b" aria-describedby="hint" className="w-full" onClick={onClick}>
        Send
      </Button>,
    );
    expect(ref.current).toBeInstanceOf(HTMLButtonElement);
    expect(ref.current?.getAttribute('type')).toBe('submit');
    expect(ref.current?.getAttribute('aria-describedby')).toBe('hint');
    expect(ref.current?.className).toContain('w-full');
    fireEvent.click(screen.getByTestId('b'));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
