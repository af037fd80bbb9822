import { describe, expect, it } from 'vitest';
import { timeLeft } from './offer-time';

describe('timeLeft', () => {
  it('gives whole hours and minutes, never negative', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    expect(timeLeft(new Date(now + 23 * 3_600_000 + 59 * 60_000 + 30_000).toISOString(), now)).toEqual({ hours: 23, minutes: 59 });
    expect(timeLeft(new Date(now - 1000).toISOString(), now)).toEqual({ hours: 0, minutes: 0 });
  });
});
