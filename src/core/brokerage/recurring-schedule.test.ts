import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECURRING_FREQUENCIES } from '../../shared/recurring-rules';
import { addDays, tradingDay } from './market-clock';
import { nextRunDate, runDateOf, runDueAt, scheduledDate, type Schedule } from './recurring-schedule';

/** The plan's first `n` run dates, from its start. */
function runs(schedule: Schedule, n: number): string[] {
  const dates: string[] = [];
  let last: string | null = null;
  for (let i = 0; i < n; i++) {
    last = nextRunDate(schedule, schedule.start_date, last);
    dates.push(last);
  }
  return dates;
}

const stock = (start_date: string, frequency: Schedule['frequency']): Schedule => ({ start_date, frequency, asset_class: 'us_equity' });
const crypto = (start_date: string, frequency: Schedule['frequency']): Schedule => ({ start_date, frequency, asset_class: 'crypto' });

describe('scheduled dates', () => {
  it('runs a monthly plan started on the 31st on the last day of shorter months, and on the 31st again after them', () => {
    expect([0, 1, 2, 3, 4].map((k) => scheduledDate('2027-01-31', 'monthly', k))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
  });

  it('runs a monthly plan started on 29 February on the 28th in a common year and across a year end', () => {
    expect(scheduledDate('2028-02-29', 'monthly', 12)).toBe('2029-02-28');
    expect(scheduledDate('2026-11-30', 'monthly', 3)).toBe('2027-02-28');
  });

  it('counts weekly and every-two-weeks plans in steps of 7 and 14 days', () => {
    expect(scheduledDate('2026-12-28', 'weekly', 1)).toBe('2027-01-04');
    expect(scheduledDate('2026-12-28', 'biweekly', 2)).toBe('2027-01-25');
  });
});

describe('run dates', () => {
  it('moves a stock’s run on a Saturday to Monday, and over a Monday holiday to Tuesday', () => {
    expect(runDateOf('2026-12-05', 'us_equity')).toBe('2026-12-07');
    // 2027-01-16 is a Saturday; Monday 2027-01-18 is Martin Luther King Jr. Day.
    expect(runDateOf('2027-01-16', 'us_equity')).toBe('2027-01-19');
  });

  it('runs crypto on the day, weekend or holiday', () => {
    expect(runDateOf('2026-12-25', 'crypto')).toBe('2026-12-25');
    expect(runs(crypto('2026-12-05', 'daily'), 3)).toEqual(['2026-12-05', '2026-12-06', '2026-12-07']);
  });

  it('runs a weekly Friday plan across Christmas and New Year’s Day on the next Monday, then on Fridays again', () => {
    expect(runs(stock('2026-12-18', 'weekly'), 4)).toEqual(['2026-12-18', '2026-12-28', '2027-01-04', '2027-01-08']);
  });

  it('runs a daily stock plan once per trading day: the weekend is Monday’s one run', () => {
    expect(runs(stock('2026-12-04', 'daily'), 3)).toEqual(['2026-12-04', '2026-12-07', '2026-12-08']);
  });

  it('runs a monthly plan whose 31st falls on a weekend on the next trading day', () => {
    // 2027-01-31 is a Sunday, 2027-02-28 a Sunday too.
    expect(runs(stock('2027-01-31', 'monthly'), 3)).toEqual(['2027-02-01', '2027-03-01', '2027-03-31']);
  });

  it('starts a plan whose start has passed at its next run from today, and never runs a date twice', () => {
    const plan = stock('2026-12-01', 'weekly');
    expect(nextRunDate(plan, '2026-12-10', null)).toBe('2026-12-15');
    expect(nextRunDate(plan, '2026-12-15', '2026-12-15')).toBe('2026-12-22');
    expect(nextRunDate(plan, '2026-12-08', null)).toBe('2026-12-08');
  });

  it('is due at 9:30 New York, in winter and in summer time', () => {
    expect(new Date(runDueAt('2026-12-07')).toISOString()).toBe('2026-12-07T14:30:00.000Z');
    expect(new Date(runDueAt('2027-07-06')).toISOString()).toBe('2027-07-06T13:30:00.000Z');
  });
});

describe('run dates, as properties', () => {
  const startDate = fc.integer({ min: 0, max: 700 }).map((n) => addDays('2026-01-01', n));
  const frequency = fc.constantFrom(...RECURRING_FREQUENCIES);

  it('are increasing, each a trading day for a stock, each within its scheduled date’s first session, none skipped', () => {
    fc.assert(
      fc.property(startDate, frequency, (start, freq) => {
        const plan = stock(start, freq);
        const dates = runs(plan, 12);
        for (let i = 1; i < dates.length; i++) expect(dates[i]! > dates[i - 1]!).toBe(true);
        for (const date of dates) expect(tradingDay(date)).not.toBeNull();
        // Every scheduled date up to the last run runs on its own first trading day (shared by a weekend's dates).
        for (let k = 0; scheduledDate(start, freq, k) <= dates.at(-1)!; k++) {
          expect(dates).toContain(runDateOf(scheduledDate(start, freq, k), 'us_equity'));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('are the scheduled dates themselves for crypto', () => {
    fc.assert(
      fc.property(startDate, frequency, (start, freq) => {
        expect(runs(crypto(start, freq), 10)).toEqual([...Array(10).keys()].map((k) => scheduledDate(start, freq, k)));
      }),
      { numRuns: 200 },
    );
  });

  it('from any day and last run, the next is the first run date after both', () => {
    fc.assert(
      fc.property(startDate, frequency, fc.integer({ min: 0, max: 300 }), (start, freq, days) => {
        const plan = stock(start, freq);
        const from = addDays(start, days);
        let run = nextRunDate(plan, plan.start_date, null);
        while (run < from) run = nextRunDate(plan, plan.start_date, run);
        expect(nextRunDate(plan, from, null)).toBe(run);
      }),
      { numRuns: 100 },
    );
  });
});
