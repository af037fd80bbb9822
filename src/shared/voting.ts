// The voting rule as a pure function, so the table updates its counts at once and knows which call
// to send: upvote adds, the same vote again removes it ("Unvote"), the other vote moves one count
// across.
import type { VoteType } from './schemas/feature-request';

export interface VoteState {
  upvotes: number;
  downvotes: number;
  myVote: VoteType | null;
}

/** The server call that matches the new state. */
export type VoteCall = { kind: 'vote'; vote_type: VoteType } | { kind: 'unvote' };

const countKey = (type: VoteType) => (type === 'upvote' ? 'upvotes' : 'downvotes');

export function applyVote(state: VoteState, action: VoteType): { state: VoteState; call: VoteCall } {
  const next = { ...state };
  if (state.myVote === action) {
    // Counts never go below zero, even if the list was stale.
    next[countKey(action)] = Math.max(0, next[countKey(action)] - 1);
    next.myVote = null;
    return { state: next, call: { kind: 'unvote' } };
  }
  if (state.myVote) next[countKey(state.myVote)] = Math.max(0, next[countKey(state.myVote)] - 1);
  next[countKey(action)] += 1;
  next.myVote = action;
  return { state: next, call: { kind: 'vote', vote_type: action } };
}

/** total_score as the spec defines it. */
export const voteScore = (state: Pick<VoteState, 'upvotes' | 'downvotes'>) => state.upvotes - state.downvotes;
