// Path parameters: the ids and symbols a BFF or core path carries. Each is checked EXACTLY as sent
// (no trimming, no case folding, no other transform) against the grammar of what the core
// generates, so that nothing that could change the meaning of a path (`..`, `/`, `\`, `%`, spaces,
// unicode) ever reaches an upstream URL; the routes still encode each segment.
import { z } from 'zod';

import { CANTON_PARTY_ID } from '../party-id';

export { CANTON_PARTY_ID };

/** Ids the core creates with crypto.randomUUID() (accounts, users, wallets, tickets, transactions). */
export const uuidId = z.uuid('Invalid id');

/** Feature requests: a uuid, or one of the seeded slugs (`fr-seed-01`, migrations/0019). */
export const FEATURE_REQUEST_SLUG = /^fr-[a-z0-9]{1,20}(?:-[a-z0-9]{1,20}){0,3}$/;
export const featureRequestId = z.union([z.uuid(), z.string().regex(FEATURE_REQUEST_SLUG)], { error: 'Invalid id' });

export const partyId = z.string().regex(CANTON_PARTY_ID, 'Invalid Canton party id');

/** Stock and asset tickers: letters and digits with at most one inner '.' or '-' (BRK.B, BF-B). */
export const MARKET_SYMBOL = /^[A-Za-z0-9]{1,10}(?:[.-][A-Za-z0-9]{1,5})?$/;
export const marketSymbol = z.string().regex(MARKET_SYMBOL, 'Invalid symbol');
