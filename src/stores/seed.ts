// The browser side of a page rendered on the Worker: before an island hydrates, the stores
// take the data the server rendered it with (src/shared/page-seed.ts), so the first client render is
// the server's HTML and nothing is read twice. Taken in the browser only, through useServed
// (src/components/page-seed-context.tsx): on the server the same data reaches the components through
// React context and no store is ever written, since the module state of a Worker isolate is shared by every request.
import type { PageSeed } from '../shared/page-seed';
import { seedAccounts } from './account';
import { startAuth } from './auth';
import { startWithLanguage } from './lang';

let seededFor: string | null = null;

/** Seeds the stores once per page from the server's seed; later islands of the same page reuse it. */
export function seedStores(seed: PageSeed): void {
  if (seededFor === seed.userId) return;
  seededFor = seed.userId;
  startWithLanguage(seed.lang);
  // The session from the cookie at once (the Worker just verified it), then the accounts it read.
  startAuth();
  seedAccounts(seed.userId, seed.account, seed.accounts, seed.activeAccount);
}
