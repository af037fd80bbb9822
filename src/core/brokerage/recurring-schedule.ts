// When a recurring buy runs: pure date arithmetic on New York calendar dates (YYYY-MM-DD), on the
// market calendar (./market-clock.ts). A plan's scheduled dates count from its start date (daily,
// every 7 or 14 days, or monthly on the start's day of the month: the 31st runs on the last day of a
// shorter month, the 29th of February on the 28th in other years), never from the previous run, so
// a short month does not move the later ones. A stock or ETF runs on the first trading day from its
// scheduled date (a weekend or a holiday moves it to the next session); crypto runs on the day. Runs
// never repeat a day: a daily plan's Saturday and Sunday are Monday's one run.
import type { RecurringFrequency } from '../../shared/recurring-rules';
import { OPEN, addDays, newYorkInstant, tradesAroundTheClock, tradingDay, type AssetClass } from './market-clock';

export interface Schedule {
  start_date: string;
  frequency: RecurringFrequency;
  asset_class: AssetClass;
}

const STEP_DAYS = { daily: 1, weekly: 7, biweekly: 14 } as const;
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The `k`-th scheduled date of a plan (k = 0 is its start date). */
export function scheduledDate(start: string, frequency: RecurringFrequency, k: number): string {
  if (frequency !== 'monthly') return addDays(start, k * STEP_DAYS[frequency]);
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const months = month - 1 + k;
  const y = year + Math.floor(months / 12);
  const m = months % 12;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${y}-${pad(m + 1)}-${pad(Math.min(day, lastDay))}`;
}

/** The day a scheduled date runs: the day itself for crypto, else the first trading day from it. */
export function runDateOf(date: string, assetClass: AssetClass): string {
  if (tradesAroundTheClock(assetClass)) return date;
  let day = date;
  while (!tradingDay(day)) day = addDays(day, 1);
  return day;
}

/** A scheduled index at or before the first one that can fall on `date` (so the search starts close to it). */
function indexNear(schedule: Schedule, date: string): number {
  if (date <= schedule.start_date) return 0;
  if (schedule.frequency === 'monthly') {
    const [y0, m0] = schedule.start_date.split('-').map(Number) as [number, number];
    const [y1, m1] = date.split('-').map(Number) as [number, number];
    return Math.max(0, (y1 - y0) * 12 + (m1 - m0) - 1);
  }
  const days = Math.round((Date.parse(date) - Date.parse(schedule.start_date)) / DAY_MS);
  return Math.max(0, Math.floor(days / STEP_DAYS[schedule.frequency]) - 1);
}

/**
 * The plan's next run date: the first run date not before `from` (today, in New York) and after
 * `after` (the date of its last run, or null before its first).
 */
export function nextRunDate(schedule: Schedule, from: string, after: string | null): string {
  const floor = after !== null && after >= from ? addDays(after, 1) : from;
  for (let k = indexNear(schedule, floor); ; k++) {
    const run = runDateOf(scheduledDate(schedule.start_date, schedule.frequency, k), schedule.asset_class);
    if (run >= floor) return run;
  }
}

/** The instant a run date's run is due: the regular session's open (9:30 New York), for crypto too. */
export const runDueAt = (date: string): number => newYorkInstant(date, OPEN);
