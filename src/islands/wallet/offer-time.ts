// How long an offer has left, for the "Action required" list: apart from the Send form's rules
// (./send-form.ts), which only the lazily loaded Send dialog needs, so the wallet's first load
// does not carry them.

/** Whole hours and minutes left until `expiresAt` (0 0 once it passed). */
export function timeLeft(expiresAt: string, now = Date.now()): { hours: number; minutes: number } {
  const ms = Math.max(0, Date.parse(expiresAt) - now);
  const minutes = Math.floor(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
