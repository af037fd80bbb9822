import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Spinner } from './Spinner';

afterEach(cleanup);

describe('Spinner', () => {
  it('is a status named Loading... when shown alone', () => {
    render(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('takes a specific label', () => {
    render(<Spinner label="Loading asset data..." />);
    expect(screen.getByRole('status').textContent).toBe('Loading asset data...');
  });

  it('is hidden from assistive tech when decorative', () => {
    const { container } = render(<Spinner decorative />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
