import { describe, expect, it } from 'vitest';
import { applyVote, voteScore } from './voting';

describe('applyVote', () => {
  it('adds an upvote when the user has not voted', () => {
    expect(applyVote({ upvotes: 3, downvotes: 1, myVote: null }, 'upvote')).toEqual({
      state: { upvotes: 4, downvotes: 1, myVote: 'upvote' },
      call: { kind: 'vote', vote_type: 'upvote' },
    });
  });

  it('removes the vote when the same vote is cast again (unvote)', () => {
    expect(applyVote({ upvotes: 4, downvotes: 1, myVote: 'upvote' }, 'upvote')).toEqual({
      state: { upvotes: 3, downvotes: 1, myVote: null },
      call: { kind: 'unvote' },
    });
    expect(applyVote({ upvotes: 0, downvotes: 2, myVote: 'downvote' }, 'downvote').state).toEqual({
      upvotes: 0,
      downvotes: 1,
      myVote: null,
    });
  });

  it('moves one count from downvotes to upvotes when switching, and back', () => {
    expect(applyVote({ upvotes: 2, downvotes: 5, myVote: 'downvote' }, 'upvote')).toEqual({
      state: { upvotes: 3, downvotes: 4, myVote: 'upvote' },
      call: { kind: 'vote', vote_type: 'upvote' },
    });
    expect(applyVote({ upvotes: 3, downvotes: 4, myVote: 'upvote' }, 'downvote')).toEqual({
      state: { upvotes: 2, downvotes: 5, myVote: 'downvote' },
      call: { kind: 'vote', vote_type: 'downvote' },
    });
  });

  it('adds a downvote when the user has not voted', () => {
    expect(applyVote({ upvotes: 0, downvotes: 0, myVote: null }, 'downvote').state).toEqual({
      upvotes: 0,
      downvotes: 1,
      myVote: 'downvote',
    });
  });

  it('never lets a stale count go below zero', () => {
    expect(applyVote({ upvotes: 0, downvotes: 0, myVote: 'upvote' }, 'upvote').state.upvotes).toBe(0);
    expect(applyVote({ upvotes: 0, downvotes: 0, myVote: 'downvote' }, 'upvote').state).toEqual({
      upvotes: 1,
      downvotes: 0,
      myVote: 'upvote',
    });
  });

  it('does not change the state it was given', () => {
    const before = { upvotes: 1, downvotes: 1, myVote: null };
    applyVote(before, 'upvote');
    expect(before).toEqual({ upvotes: 1, downvotes: 1, myVote: null });
  });

  it('scores upvotes minus downvotes', () => {
    expect(voteScore({ upvotes: 3, downvotes: 5 })).toBe(-2);
  });
});
