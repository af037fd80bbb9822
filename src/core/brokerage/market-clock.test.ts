// The market clock at fixed instants: regular hours on weekdays in New York time across a weekend,
// a holiday, an early close and both daylight-saving switches; the calendar; crypto around the
// clock; and the holiday list still covering the coming months.
import { describe, expect, it } from 'vitest';
import { CALENDAR_COVERS, calendar, marketClock, newYorkDate, tradesAroundTheClock, tradingDay } from './market-clock';

const at = (iso: string) => Date.parse(iso);

describe('the market clock', () => {
  it('is open from 9:30 to 16:00 New York time on a weekday (EST, UTC-5)', () => {
    // Tuesday 2026-01-06: 9:30 EST is 14:30 UTC, 16:00 EST is 21:00 UTC.
    expect(marketClock(at('2026-01-06T14:29:59Z'))).toEqual({
      timestamp: '2026-01-06T14:29:59.000Z',
      is_open: false,
      next_open: '2026-01-06T14:30:00.000Z',
      next_close: '2026-01-06T21:00:00.000Z',
    });
    expect(marketClock(at('2026-01-06T14:30:00Z'))).toMatchObject({
      is_open: true,
      next_open: '2026-01-07T14:30:00.000Z',
      next_close: '2026-01-06T21:00:00.000Z',
    });
    expect(marketClock(at('2026-01-06T21:00:00Z'))).toMatchObject({
      is_open: false,
      next_open: '2026-01-07T14:30:00.000Z',
      next_close: '2026-01-07T21:00:00.000Z',
    });
  });

  it('is closed over a weekend and opens on Monday', () => {
    // Friday 2026-03-06 after the close, through Saturday and Sunday, to Monday 2026-03-09 (still EST).
    for (const instant of ['2026-03-06T21:00:00Z', '2026-03-07T15:00:00Z', '2026-03-08T04:00:00Z']) {
      expect(marketClock(at(instant))).toMatchObject({
        is_open: false,
        next_open: '2026-03-09T13:30:00.000Z',
        next_close: '2026-03-09T20:00:00.000Z',
      });
    }
  });

  it('takes the spring switch to daylight time (EDT, UTC-4) from the time zone data', () => {
    // Clocks go forward on Sunday 2026-03-08: Friday's session is EST, Monday's is EDT.
    expect(tradingDay('2026-03-06')).toMatchObject({ openAt: at('2026-03-06T14:30:00Z'), closeAt: at('2026-03-06T21:00:00Z') });
    expect(tradingDay('2026-03-09')).toMatchObject({ openAt: at('2026-03-09T13:30:00Z'), closeAt: at('2026-03-09T20:00:00Z') });
    // 07:00 UTC on the switch day is 03:00 EDT (02:00-03:00 never happens): still Sunday in New York.
    expect(newYorkDate(at('2026-03-08T07:00:00Z'))).toBe('2026-03-08');
  });

  it('takes the autumn switch back to standard time', () => {
    // Clocks go back on Sunday 2026-11-01: Friday 2026-10-30 is EDT, Monday 2026-11-02 is EST.
    expect(tradingDay('2026-10-30')).toMatchObject({ openAt: at('2026-10-30T13:30:00Z'), closeAt: at('2026-10-30T20:00:00Z') });
    expect(tradingDay('2026-11-02')).toMatchObject({ openAt: at('2026-11-02T14:30:00Z'), closeAt: at('2026-11-02T21:00:00Z') });
    expect(marketClock(at('2026-10-30T20:30:00Z'))).toMatchObject({ is_open: false, next_open: '2026-11-02T14:30:00.000Z' });
    // 04:30 UTC on Monday 2026-11-02 is 23:30 EST on Sunday.
    expect(newYorkDate(at('2026-11-02T04:30:00Z'))).toBe('2026-11-01');
  });

  it('is closed on an exchange holiday and opens the next trading day', () => {
    // Good Friday 2026-04-03 (a weekday): closed all day; the next session is Monday 2026-04-06 (EDT).
    expect(tradingDay('2026-04-03')).toBeNull();
    expect(marketClock(at('2026-04-03T15:00:00Z'))).toMatchObject({
      is_open: false,
      next_open: '2026-04-06T13:30:00.000Z',
      next_close: '2026-04-06T20:00:00.000Z',
    });
    // Thanksgiving 2026-11-26 is closed too, and an observed holiday (Independence Day on Friday 2026-07-03).
    expect(tradingDay('2026-11-26')).toBeNull();
    expect(tradingDay('2026-07-03')).toBeNull();
  });

  it('closes at 13:00 on an early-close day', () => {
    // The day after Thanksgiving, Friday 2026-11-27 (EST): open 14:30 UTC, close 18:00 UTC.
    expect(tradingDay('2026-11-27')).toMatchObject({ open: '09:30', close: '13:00', closeAt: at('2026-11-27T18:00:00Z') });
    expect(marketClock(at('2026-11-27T17:59:59Z'))).toMatchObject({ is_open: true, next_close: '2026-11-27T18:00:00.000Z' });
    expect(marketClock(at('2026-11-27T18:00:00Z'))).toMatchObject({
      is_open: false,
      next_open: '2026-11-30T14:30:00.000Z',
      next_close: '2026-11-30T21:00:00.000Z',
    });
  });

  it('answers a calendar of trading days with their New York open and close', () => {
    // Christmas week 2026: Thursday 24 closes early, Friday 25 is a holiday, the weekend is closed.
    expect(calendar('2026-12-21', '2026-12-28').map(({ date, open, close }) => ({ date, open, close }))).toEqual([
      { date: '2026-12-21', open: '09:30', close: '16:00' },
      { date: '2026-12-22', open: '09:30', close: '16:00' },
      { date: '2026-12-23', open: '09:30', close: '16:00' },
      { date: '2026-12-24', open: '09:30', close: '13:00' },
      { date: '2026-12-28', open: '09:30', close: '16:00' },
    ]);
    // A whole year: 2027 has 251 sessions (261 weekdays, 10 of them holidays).
    expect(calendar('2027-01-01', '2027-12-31')).toHaveLength(251);
    expect(() => calendar('2029-01-01', '2029-01-05')).toThrow(RangeError);
  });

  it('says crypto trades around the clock and US stocks do not', () => {
    expect(tradesAroundTheClock('crypto')).toBe(true);
    expect(tradesAroundTheClock('us_equity')).toBe(false);
  });

  it('has the exchange holidays of the coming year: extend the list before it runs out', () => {
    const now = new Date();
    const yearEnd = Date.UTC(now.getUTCFullYear(), 11, 31);
    const within90Days = Date.parse(`${CALENDAR_COVERS.last}T00:00:00Z`) - yearEnd < 90 * 86_400_000;
    expect(within90Days, `the holiday list ends ${CALENDAR_COVERS.last}: add the next year from the exchange's published list`).toBe(false);
  });
});
