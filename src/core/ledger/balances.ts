// Reads of what a party holds: its CC balance (free, locked, pending incoming, with USD values), its
// assets per instrument, and its live holdings and latest offers.
import type { OfferStatus } from '../../shared/transaction-labels';
import { nowIso } from '../../platform/primitives';
import { LEDGER_SCALE, formatUnits, usdCents } from '../../shared/decimal';
import { CC, NETWORK } from './parties';
import { ccPrice } from './price';

interface Sums {
  free: string;
  locked: string;
}

export async function partySums(db: D1Database, partyId: string, instrument = CC): Promise<Sums> {
  const row = await db
    .prepare(
      `SELECT CAST(COALESCE(SUM(CASE WHEN lock_offer_id IS NULL THEN amount END), 0) AS TEXT) AS free,
              CAST(COALESCE(SUM(CASE WHEN lock_offer_id IS NOT NULL THEN amount END), 0) AS TEXT) AS locked
       FROM ledger_holdings WHERE owner_party = ? AND instrument_id = ? AND archived_at IS NULL`,
    )
    .bind(partyId, instrument)
    .first<Sums>();
  return row ?? { free: '0', locked: '0' };
}

/** GET /wallets/canton/balance/{partyId}: the sum of the party's unlocked CC holdings. */
export async function partyBalance(db: D1Database, partyId: string) {
  const now = nowIso();
  const [sums, pending, price] = await Promise.all([
    partySums(db, partyId),
    db
      .prepare(
        `SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) AS units FROM ledger_transfer_offers
         WHERE receiver_party = ? AND status = 'pending' AND expires_at > ?`,
      )
      .bind(partyId, now)
      .first<{ units: string }>(),
    ccPrice(db),
  ]);
  const total = BigInt(sums.free) + BigInt(sums.locked) + BigInt(pending?.units ?? '0');
  return {
    partyId,
    instrument: CC,
    balance: formatUnits(sums.free, LEDGER_SCALE),
    locked: formatUnits(sums.locked, LEDGER_SCALE),
    pendingIncoming: formatUnits(pending?.units ?? '0', LEDGER_SCALE),
    price,
    balance_usd_cents: Number(usdCents({ units: BigInt(sums.free), scale: LEDGER_SCALE }, price) ?? 0n),
    total: formatUnits(total, LEDGER_SCALE),
    total_usd_cents: Number(usdCents({ units: total, scale: LEDGER_SCALE }, price) ?? 0n),
  };
}

interface InstrumentRow {
  id: string;
  name: string;
  issuer_party: string;
  decimals: number;
  logo_url: string | null;
  created_at: string;
}

function assetOf(inst: InstrumentRow, price: string, free: string, locked: string, holdings: number) {
  return {
    id: inst.id,
    symbol: inst.id,
    name: inst.name,
    asset_type: 'crypto' as const,
    currency: 'USD',
    network: NETWORK,
    caip2: 'canton:global',
    issuer_party: inst.issuer_party,
    decimals: inst.decimals,
    last_price: price,
    balance: formatUnits(free, LEDGER_SCALE),
    locked: formatUnits(locked, LEDGER_SCALE),
    holding_count: holdings,
    value_usd_cents: Number(usdCents({ units: BigInt(free), scale: LEDGER_SCALE }, price) ?? 0n),
    logo_url: inst.logo_url,
    created_at: inst.created_at,
  };
}
export type LedgerAsset = ReturnType<typeof assetOf>;

/** GET /wallets/canton/parties/{partyId}/assets: per instrument, the party's holdings summed. */
export async function partyAssets(db: D1Database, partyId: string): Promise<LedgerAsset[]> {
  return assetsFor(db, [partyId]);
}

/** GET /wallets/canton/assets: the ledger's instruments with the caller's balance over all their parties. */
export async function assetsFor(db: D1Database, partyIds: string[]): Promise<LedgerAsset[]> {
  const [{ results: instruments }, price] = await Promise.all([
    db.prepare('SELECT id, name, issuer_party, decimals, logo_url, created_at FROM ledger_instruments ORDER BY id').all<InstrumentRow>(),
    ccPrice(db),
  ]);
  const sums = new Map<string, { free: bigint; locked: bigint; n: number }>();
  if (partyIds.length > 0) {
    const marks = partyIds.map(() => '?').join(',');
    const { results } = await db
      .prepare(
        `SELECT instrument_id,
                CAST(COALESCE(SUM(CASE WHEN lock_offer_id IS NULL THEN amount END), 0) AS TEXT) AS free,
                CAST(COALESCE(SUM(CASE WHEN lock_offer_id IS NOT NULL THEN amount END), 0) AS TEXT) AS locked,
                COUNT(*) AS n
         FROM ledger_holdings WHERE owner_party IN (${marks}) AND archived_at IS NULL GROUP BY instrument_id`,
      )
      .bind(...partyIds)
      .all<{ instrument_id: string; free: string; locked: string; n: number }>();
    for (const r of results) sums.set(r.instrument_id, { free: BigInt(r.free), locked: BigInt(r.locked), n: r.n });
  }
  return instruments.map((inst) => {
    const s = sums.get(inst.id);
    return assetOf(inst, price, (s?.free ?? 0n).toString(), (s?.locked ?? 0n).toString(), s?.n ?? 0);
  });
}

/** POST /wallets/canton/holding-transactions: the party's live holdings and its latest offers. */
export async function holdingTransactions(db: D1Database, partyId: string) {
  const now = nowIso();
  const [holdings, offers] = await Promise.all([
    db
      .prepare(
        `SELECT contract_id, instrument_id, CAST(amount AS TEXT) AS units, lock_offer_id, created_by, created_at
         FROM ledger_holdings WHERE owner_party = ? AND archived_at IS NULL ORDER BY created_at DESC LIMIT 100`,
      )
      .bind(partyId)
      .all<{ contract_id: string; instrument_id: string; units: string; lock_offer_id: string | null; created_by: string; created_at: string }>(),
    db
      .prepare(
        `SELECT * FROM (
           SELECT id, sender_party, receiver_party, instrument_id, CAST(amount AS TEXT) AS units, status, expires_at, created_at, settled_at
           FROM ledger_transfer_offers WHERE receiver_party = ?1 ORDER BY created_at DESC LIMIT 100)
         UNION ALL SELECT * FROM (
           SELECT id, sender_party, receiver_party, instrument_id, CAST(amount AS TEXT) AS units, status, expires_at, created_at, settled_at
           FROM ledger_transfer_offers WHERE sender_party = ?1 ORDER BY created_at DESC LIMIT 100)
         ORDER BY created_at DESC LIMIT 100`,
      )
      .bind(partyId)
      .all<{
        id: string;
        sender_party: string;
        receiver_party: string;
        instrument_id: string;
        units: string;
        status: OfferStatus;
        expires_at: string;
        created_at: string;
        settled_at: string | null;
      }>(),
  ]);
  return {
    partyId,
    holdings: holdings.results.map((h) => ({
      contractId: h.contract_id,
      instrument: h.instrument_id,
      amount: formatUnits(h.units, LEDGER_SCALE),
      locked: h.lock_offer_id !== null,
      lockedForOfferId: h.lock_offer_id,
      origin: h.created_by.split(':')[0] ?? 'unknown',
      createdAt: h.created_at,
    })),
    transferOffers: offers.results.map((o) => ({
      offerId: o.id,
      direction: o.receiver_party === partyId ? ('incoming' as const) : ('outgoing' as const),
      senderPartyId: o.sender_party,
      receiverPartyId: o.receiver_party,
      instrument: o.instrument_id,
      amount: formatUnits(o.units, LEDGER_SCALE),
      // A lapsed offer is expired even before a sweep records it.
      status: o.status === 'pending' && o.expires_at <= now ? ('expired' as const) : o.status,
      expiresAt: o.expires_at,
      createdAt: o.created_at,
      settledAt: o.settled_at,
    })),
  };
}
