// The market clock: when US equities trade (regular hours 9:30-16:00 New York time on weekdays,
// closed on the exchange's holidays, closing at 13:00 on its early-close days) and that crypto
// trades at any time. Pure: every answer is computed from the instant it is given. New York's
// offset (EST or EDT) comes from Intl's time zone data, never from a hand-written offset, so both
// daylight-saving switches are the platform's. Answers have the shapes of a brokerage's market
// clock (`timestamp`, `is_open`, `next_open`, `next_close`) and calendar (`date`, `open`, `close`).

const ZONE = 'America/New_York';
/** The regular session's open, New York time. */
export const OPEN = '09:30';
const CLOSE = '16:00';
const EARLY_CLOSE = '13:00';

/**
 * The exchange's holidays and early closes (1:00 p.m.), copied on 2026-11-27 from NYSE Group's
 * 2026-2028 holiday and early closings calendar (announced 2025-12-23), the list published on
 * NYSE's "Holidays and Trading Hours" page: https://www.nyse.com/markets/hours-calendars
 * (2028 observes no New Year's Day: January 1 is a Saturday). The list must be extended before it
 * runs out: a unit test fails within 90 days of the last covered year's end.
 */
const HOLIDAYS = new Set([
  // 2026
  '2026-01-01',
  '2026-01-19',
  '2026-02-16',
  '2026-04-03',
  '2026-05-25',
  '2026-06-19',
  '2026-07-03',
  '2026-09-07',
  '2026-11-26',
  '2026-12-25',
  // 2027
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-03-26',
  '2027-05-31',
  '2027-06-18',
  '2027-07-05',
  '2027-09-06',
  '2027-11-25',
  '2027-12-24',
  // 2028
  '2028-01-17',
  '2028-02-21',
  '2028-04-14',
  '2028-05-29',
  '2028-06-19',
  '2028-07-04',
  '2028-09-04',
  '2028-11-23',
  '2028-12-25',
]);
const EARLY_CLOSES = new Set(['2026-11-27', '2026-12-24', '2027-11-26', '2028-07-03', '2028-11-24']);

/** The first and last day the holiday list covers: the calendar answers nothing outside them. */
export const CALENDAR_COVERS = { first: '2026-01-01', last: '2028-12-31' } as const;

/** Asset classes as a brokerage names them: US stocks and ETFs, and crypto. */
export type AssetClass = 'us_equity' | 'crypto';

/** Whether an asset class trades at any hour of any day (crypto), rather than in the market's sessions. */
export const tradesAroundTheClock = (assetClass: AssetClass): boolean => assetClass === 'crypto';

/** One trading day: its New York date and its regular session's open and close (New York times and instants). */
export interface TradingDay {
  date: string;
  open: string;
  close: string;
  openAt: number;
  closeAt: number;
}

export interface MarketClock {
  timestamp: string;
  is_open: boolean;
  next_open: string;
  next_close: string;
}

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The New York wall clock at an instant, as if it were UTC (its fields are New York's). */
function wallClockMs(instant: number): number {
  const p = Object.fromEntries(parts.formatToParts(instant).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
}

/** The New York date (YYYY-MM-DD) of an instant. */
export const newYorkDate = (instant: number): string => new Date(wallClockMs(instant)).toISOString().slice(0, 10);

/**
 * The instant of a New York wall-clock time on a date: the wall clock read as UTC, less New York's
 * offset there as Intl tells it (checked twice, so a time just after a switch gets its own offset).
 */
export function newYorkInstant(date: string, time: string): number {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  let instant = asUtc - (wallClockMs(asUtc) - asUtc);
  instant = asUtc - (wallClockMs(instant) - instant);
  return instant;
}

/** The New York date `days` days after `date` (both YYYY-MM-DD). */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function covered(date: string): void {
  if (date < CALENDAR_COVERS.first || date > CALENDAR_COVERS.last) {
    throw new RangeError(`The market calendar covers ${CALENDAR_COVERS.first} to ${CALENDAR_COVERS.last}, not ${date}`);
  }
}

/** The trading day of a New York date, or null when the market does not open (a weekend or a holiday). */
export function tradingDay(date: string): TradingDay | null {
  covered(date);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6 || HOLIDAYS.has(date)) return null;
  const close = EARLY_CLOSES.has(date) ? EARLY_CLOSE : CLOSE;
  return { date, open: OPEN, close, openAt: newYorkInstant(date, OPEN), closeAt: newYorkInstant(date, close) };
}

/** The trading days from `start` to `end` (New York dates, both included), oldest first. */
export function calendar(start: string, end: string): TradingDay[] {
  const days: TradingDay[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) {
    const day = tradingDay(date);
    if (day) days.push(day);
  }
  return days;
}

/** The market clock at an instant: whether the market is open, and its next open and next close after it. */
export function marketClock(now: number): MarketClock {
  let nextOpen: number | undefined;
  let nextClose: number | undefined;
  let isOpen = false;
  // A week and a half always holds the next open and close (the longest closure is a long weekend).
  for (let date = newYorkDate(now), n = 0; n < 11 && (nextOpen === undefined || nextClose === undefined); date = addDays(date, 1), n++) {
    const day = tradingDay(date);
    if (!day) continue;
    if (day.openAt <= now && now < day.closeAt) isOpen = true;
    if (nextOpen === undefined && day.openAt > now) nextOpen = day.openAt;
    if (nextClose === undefined && day.closeAt > now) nextClose = day.closeAt;
  }
  if (nextOpen === undefined || nextClose === undefined) throw new RangeError('The market calendar has no session after this instant');
  return {
    timestamp: new Date(now).toISOString(),
    is_open: isOpen,
    next_open: new Date(nextOpen).toISOString(),
    next_close: new Date(nextClose).toISOString(),
  };
}
