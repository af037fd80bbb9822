// The party's pending offers, both lists (incoming, outgoing), paged, with their totals.
import { nowIso } from '../../platform/primitives';
import { LEDGER_SCALE, formatUnits, usdCents } from '../../shared/decimal';
import type { OfferDirection } from '../../shared/schemas/send';
import { maskedName, partyKind, partyName, partyNameColumn } from './party-names';
import { ccPrice } from './price';

interface PendingOfferRow {
  id: string;
  counterparty: string;
  units: string;
  expires_at: string;
  created_at: string;
  cp_party: string | null;
}

/**
 * One page of one side's list (?1 party, ?2 now, ?3 limit, ?4 offset): largest amount first (the
 * INTEGER column of ledger units, so exact and numeric, never text order), then newest first, then
 * by id so that pages never overlap nor skip among equal offers. Read in order from its partial index
 * of pending offers by amount (no sort step; the unary + keeps the planner from the
 * (receiver_party, expires_at) index, which would need one). Lapsed offers still pending until the
 * expiry job runs are skipped as they come.
 */
export function pendingOffersSql(direction: OfferDirection) {
  const [mine, other] = direction === 'incoming' ? ['receiver_party', 'sender_party'] : ['sender_party', 'receiver_party'];
  return `SELECT o.id, o.${other} AS counterparty, CAST(o.amount AS TEXT) AS units, o.expires_at, o.created_at, ${partyNameColumn(`o.${other}`, 'cp')}
    FROM ledger_transfer_offers o
    WHERE o.${mine} = ?1 AND o.status = 'pending' AND +o.expires_at > ?2
    ORDER BY o.amount DESC, o.created_at DESC, o.id DESC LIMIT ?3 OFFSET ?4`;
}

/** How many offers one side's list holds in all (?1 party, ?2 now). */
const pendingCountSql = (direction: OfferDirection) =>
  `SELECT COUNT(*) AS n FROM ledger_transfer_offers
   WHERE ${direction === 'incoming' ? 'receiver_party' : 'sender_party'} = ?1 AND status = 'pending' AND expires_at > ?2`;

export interface OffersPage {
  /** Only this list (the other answers []); both without it. */
  direction?: OfferDirection | undefined;
  limit: number;
  offset: number;
}

/**
 * GET /wallets/canton/offers/{accountId}: a page of the party's pending, unexpired offers (of both
 * lists, or of `direction`'s), largest first, and both lists' totals, read in one batch so the
 * totals agree with the page.
 */
export async function pendingOffers(db: D1Database, partyId: string, page: OffersPage) {
  const now = nowIso();
  const read = (direction: OfferDirection) => page.direction === undefined || page.direction === direction;
  const list = (direction: OfferDirection) => db.prepare(pendingOffersSql(direction)).bind(partyId, now, read(direction) ? page.limit : 0, page.offset);
  const total = (direction: OfferDirection) => db.prepare(pendingCountSql(direction)).bind(partyId, now);
  const [[incoming, outgoing, inTotal, outTotal], price] = await Promise.all([
    db.batch<Record<string, unknown>>([list('incoming'), list('outgoing'), total('incoming'), total('outgoing')]),
    ccPrice(db),
  ]);
  const toOffer = (direction: OfferDirection) => (o: PendingOfferRow) => ({
    offerId: o.id,
    direction,
    counterpartyPartyId: o.counterparty,
    counterpartyName: partyName(o.cp_party) ?? maskedName(null, null, o.counterparty),
    counterpartyKind: partyKind(o.cp_party) ?? 'person',
    amount: formatUnits(o.units, LEDGER_SCALE),
    amount_usd_cents: Number(usdCents({ units: BigInt(o.units), scale: LEDGER_SCALE }, price) ?? 0n),
    expiresAt: o.expires_at,
    createdAt: o.created_at,
  });
  const rows = (r: D1Result<Record<string, unknown>> | undefined) => (r?.results ?? []) as unknown as PendingOfferRow[];
  const n = (r: D1Result<Record<string, unknown>> | undefined) => Number((r?.results[0] as { n?: number } | undefined)?.n ?? 0);
  return {
    incoming: rows(incoming).map(toOffer('incoming')),
    outgoing: rows(outgoing).map(toOffer('outgoing')),
    incoming_total: n(inTotal),
    outgoing_total: n(outTotal),
  };
}
