// The simulated network's identity and the ledger's self-check.
import { nowIso } from '../../platform/primitives';
import { LEDGER_SCALE, formatUnits } from '../../shared/decimal';
import { partySums } from './balances';
import { CC, ISSUER_PARTY, NETWORK, TREASURY_PARTY } from './parties';

/** GET /wallets/canton/status: the simulated network's identity and the caller's parties count. */
export async function ledgerStatus(db: D1Database, partyCount: number) {
  const inst = await db.prepare("SELECT id FROM ledger_instruments WHERE id = 'CC'").first<{ id: string }>();
  return {
    connected: inst !== null,
    mode: 'simulated' as const,
    network: NETWORK,
    synchronizerId: 'global-domain::1220f1ae2d9b0d5c0f6e3b1d7e8a4c2b9f0e1d3c5a7b9d1f3e5a7c9b1d3f5e7a9c0b',
    participantId: 'PAR::dolar-participant::12205b3c1d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c',
    issuerPartyId: ISSUER_PARTY,
    treasuryPartyId: TREASURY_PARTY,
    instruments: [CC],
    ledgerTime: nowIso(),
    yourParties: partyCount,
  };
}

/** GET /wallets/canton/test: a self-check of the ledger's fixed parts (no full scans). */
export async function ledgerSelfTest(db: D1Database) {
  const [inst, treasury] = await Promise.all([
    db.prepare("SELECT issuer_party FROM ledger_instruments WHERE id = 'CC'").first<{ issuer_party: string }>(),
    partySums(db, TREASURY_PARTY),
  ]);
  const checks = {
    database: true,
    instrument: inst?.issuer_party === ISSUER_PARTY,
    treasuryFunded: BigInt(treasury.free) > 0n,
  };
  return { ok: Object.values(checks).every(Boolean), checks, treasuryBalance: formatUnits(treasury.free, LEDGER_SCALE) };
}
