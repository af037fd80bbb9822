// A feature request as the API lists it (`{id}` with `up` upvotes and `down` downvotes), for the
// tests of the feature-request store and of the boards that show it.
export const featureRequestRow = (id: string, up: number, down: number, my_vote: 'upvote' | 'downvote' | null = null) => ({
  id,
  title: `Request ${id}`,
  description: 'A description long enough',
  category: null,
  is_anonymous: false,
  author: null,
  is_mine: false,
  status: 'submitted',
  priority: 'medium',
  upvotes: up,
  downvotes: down,
  total_score: up - down,
  my_vote,
  created_at: '2025-05-01T10:00:00Z',
  updated_at: '2025-05-01T10:00:00Z',
});
