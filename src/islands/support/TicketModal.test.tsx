import { cleanup, render, screen } from '@testing-library/react';
import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '../../stores/support';

// The comments store without the network: an empty, loaded list.
vi.mock('../../stores/support', () => ({
  $ticketComments: atom({ ticketId: 't1', status: 'ready', items: [] }),
  loadComments: vi.fn(async () => {}),
  closeComments: vi.fn(),
  addComment: vi.fn(async () => true),
}));

const { default: TicketModal } = await import('./TicketModal');

const ticket = (status: Ticket['status']): Ticket => ({
  id: 't1',
  title: 'Card declined',
  description: 'My deposit failed twice today.',
  category: 'billing',
  priority: 'medium',
  status,
  assigned_agent: null,
  comment_count: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

afterEach(cleanup);

describe('TicketModal', () => {
  it('offers the comment form on an open ticket', () => {
    render(<TicketModal ticket={ticket('open')} onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Add Comment' })).toBeTruthy();
  });

  it('shows a closed ticket read-only: a note instead of the comment form', () => {
    render(<TicketModal ticket={ticket('closed')} onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Add Comment' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('This ticket is closed. Create a new ticket if you need more help.')).toBeTruthy();
  });
});
