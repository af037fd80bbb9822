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

  it('applies the look of each variant and size', () => {
    render(
      <>
        <Button>Primary</Button>
        <Button variant="secondary" size="lg">
          Secondary
        </Button>
        <Button variant="outline" size="sm">
          Outline
        </Button>
        <Button variant="ghost">Ghost</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Primary' }).className).toContain('bg-black');
    expect(screen.getByRole('button', { name: 'Secondary' }).className).toContain('bg-green-700');
    expect(screen.getByRole('button', { name: 'Secondary' }).className).toContain('min-h-12');
    expect(screen.getByRole('button', { name: 'Outline' }).className).toContain('border');
    expect(screen.getByRole('button', { name: 'Outline' }).className).toContain('min-h-9');
    expect(screen.getByRole('button', { name: 'Ghost' }).className).toContain('bg-transparent');
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
    expect(button.querySelector('svg.animate-spin')).not.toBeNull();
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
