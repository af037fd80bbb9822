// The Canton party id grammar, with no dependency: the path-param schemas (./schemas/ids.ts) and the
// islands' plain form rules (./schemas/send-rules.ts) both read it.

/** The Canton party id: `<hint>::1220<sha-256 fingerprint, 64 hex>` (src/core/ledger/parties.ts). */
export const CANTON_PARTY_ID = /^[A-Za-z0-9_-]{1,64}::1220[0-9a-f]{64}$/;
