// Wallets of an account (address, the party id on chain canton; chain canton, usd or brokerage;
// vendor, label, network): listing, grouping by category, the account's platform-hosted Canton
// wallet (one per account, with its party), internal, external and self-custody wallets, and
// deactivation. Every lookup is scoped to the caller's accounts.
import { newId, nowIso } from '../../platform/primitives';
import { fail, isUniqueViolation, requireAccount } from '../db';
import { CC, NETWORK, hintFrom, newHostedPartyKey } from './parties';

export const UNNAMED_WALLET = 'Unnamed Wallet';

interface WalletRow {
  id: string;
  account_id: string;
  kind: 'digital_asset' | 'internal' | 'external' | 'self_custody' | 'usd' | 'brokerage';
  chain: string;
  vendor: string;
  address: string | null;
  label: string;
  network: string;
  is_active: number;
  created_at: string;
  updated_at: string;
}

const WALLET_COLUMNS = 'w.id, w.account_id, w.kind, w.chain, w.vendor, w.address, w.label, w.network, w.is_active, w.created_at, w.updated_at';

/** The answer shape of a wallet; `label` already falls back to 'Unnamed Wallet'. */
export function toWallet(row: WalletRow) {
  return {
    id: row.id,
    account_id: row.account_id,
    kind: row.kind,
    chain: row.chain,
    vendor: row.vendor,
    address: row.address,
    label: row.label.trim() || UNNAMED_WALLET,
    network: row.network,
    is_active: row.is_active === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
export type Wallet = ReturnType<typeof toWallet>;

async function walletById(db: D1Database, id: string) {
  return db.prepare(`SELECT ${WALLET_COLUMNS} FROM wallets w WHERE w.id = ?`).bind(id).first<WalletRow>();
}

/** The caller's wallet by id, or 404. */
export async function requireWallet(db: D1Database, userId: string, walletId: string): Promise<WalletRow> {
  const row = await db
    .prepare(
      `SELECT ${WALLET_COLUMNS} FROM wallets w JOIN user_accounts ua ON ua.account_id = w.account_id
       WHERE w.id = ? AND ua.user_id = ?`,
    )
    .bind(walletId, userId)
    .first<WalletRow>();
  return row ?? fail(404, 'Wallet not found');
}

export async function listWallets(db: D1Database, userId: string, accountId: string): Promise<Wallet[]> {
  await requireAccount(db, userId, accountId);
  const { results } = await db
    .prepare(`SELECT ${WALLET_COLUMNS} FROM wallets w WHERE w.account_id = ? ORDER BY w.created_at, w.id`)
    .bind(accountId)
    .all<WalletRow>();
  return results.map(toWallet);
}

/** Active wallets grouped as the accounts screen reads them. */
export async function walletCategories(db: D1Database, userId: string, accountId: string) {
  const wallets = (await listWallets(db, userId, accountId)).filter((w) => w.is_active);
  const first = (pred: (w: Wallet) => boolean) => wallets.find(pred) ?? null;
  const usd = first((w) => w.chain === 'usd');
  const brokerage = first((w) => w.chain === 'brokerage');
  const digital = first((w) => w.kind === 'digital_asset');
  return {
    usd_account: usd,
    brokerage_account: brokerage,
    digital_asset_account: digital,
    other: wallets.filter((w) => w !== usd && w !== brokerage && w !== digital),
  };
}

async function digitalAssetWallet(db: D1Database, accountId: string) {
  return db.prepare(`SELECT ${WALLET_COLUMNS} FROM wallets w WHERE w.account_id = ? AND w.kind = 'digital_asset'`).bind(accountId).first<WalletRow>();
}

/** The account's digital-asset wallet and its party, or 404 (transfer and auto-accept need one). */
export async function requireDigitalAssetWallet(db: D1Database, userId: string, accountId: string) {
  await requireAccount(db, userId, accountId);
  const wallet = await digitalAssetWallet(db, accountId);
  if (!wallet || !wallet.address || wallet.is_active !== 1) fail(404, 'Digital asset wallet not found');
  return { wallet, partyId: wallet.address };
}

/** Allocates a hosted party for `accountId` and a wallet of `kind` holding it, in one batch. */
async function allocateHostedWallet(db: D1Database, userId: string, account: { id: string; name: string }, kind: 'digital_asset' | 'internal', label: string) {
  const { publicKey, fingerprint } = await newHostedPartyKey();
  const hint = hintFrom(account.name);
  const partyId = `${hint}::${fingerprint}`;
  const walletId = newId();
  const now = nowIso();
  await db.batch([
    db
      .prepare(
        `INSERT INTO ledger_parties (party_id, hint, fingerprint, public_key, key_kind, role, account_id, created_at)
         VALUES (?, ?, ?, ?, 'hosted', 'user', ?, ?)`,
      )
      .bind(partyId, hint, fingerprint, publicKey, account.id, now),
    db
      .prepare(
        `INSERT INTO wallets (id, account_id, kind, chain, vendor, address, label, network, is_active, created_by, created_at, updated_at)
         VALUES (?, ?, ?, 'canton', 'canton', ?, ?, ?, 1, ?, ?, ?)`,
      )
      .bind(walletId, account.id, kind, partyId, label, NETWORK, userId, now, now),
  ]);
  return { walletId, partyId };
}

/**
 * POST /wallets/digital-asset: the account's Canton wallet, created with a new party on the first
 * call; later calls (also racing ones, through the unique index) answer the existing wallet,
 * reactivating it if it was deactivated (the party and its holdings never went away).
 */
export async function createDigitalAssetAccount(db: D1Database, userId: string, accountId: string) {
  const account = await requireAccount(db, userId, accountId);
  const existing = await digitalAssetWallet(db, accountId);
  const answer = (w: WalletRow, created: boolean) => ({
    cantonPartyId: w.address ?? '',
    walletId: w.id,
    accountId,
    instrument: CC,
    created,
  });
  if (existing) {
    if (existing.is_active !== 1) {
      await db.prepare('UPDATE wallets SET is_active = 1, updated_at = ? WHERE id = ?').bind(nowIso(), existing.id).run();
    }
    return answer(existing, false);
  }
  try {
    const { walletId } = await allocateHostedWallet(db, userId, account, 'digital_asset', 'Digital Assets');
    return answer((await walletById(db, walletId))!, true);
  } catch (err) {
    if (!isUniqueViolation(err, 'wallets')) throw err;
    return answer((await digitalAssetWallet(db, accountId))!, false);
  }
}

/** POST /wallets/canton: the digital-asset wallet of the caller's active account. */
export async function createCantonWalletForActiveAccount(db: D1Database, userId: string) {
  const active = await db.prepare('SELECT account_id FROM user_accounts WHERE user_id = ? AND is_active = 1').bind(userId).first<{ account_id: string }>();
  if (!active) fail(404, 'No active account');
  return createDigitalAssetAccount(db, userId, active.account_id);
}

/** POST /wallets/internal: another platform-hosted Canton wallet (its own party) for the account. */
export async function createInternalWallet(db: D1Database, userId: string, body: { account_id: string; label?: string }) {
  const account = await requireAccount(db, userId, body.account_id);
  const { walletId } = await allocateHostedWallet(db, userId, account, 'internal', body.label ?? '');
  return toWallet((await walletById(db, walletId))!);
}

/** POST /wallets: a self-custody Canton wallet with no party yet; /wallets/canton/complete binds one. */
export async function createSelfCustodyWallet(db: D1Database, userId: string, body: { account_id: string; label?: string }) {
  await requireAccount(db, userId, body.account_id);
  const id = newId();
  const now = nowIso();
  await db
    .prepare(
      `INSERT INTO wallets (id, account_id, kind, chain, vendor, address, label, network, is_active, created_by, created_at, updated_at)
       VALUES (?, ?, 'self_custody', 'canton', 'self-custody', NULL, ?, ?, 1, ?, ?, ?)`,
    )
    .bind(id, body.account_id, body.label ?? '', NETWORK, userId, now, now)
    .run();
  return toWallet((await walletById(db, id))!);
}

/** POST /wallets/external: a watch-only address on another chain (or another Canton party). */
export async function createExternalWallet(db: D1Database, userId: string, body: { account_id: string; address: string; label?: string; chain: string }) {
  await requireAccount(db, userId, body.account_id);
  const id = newId();
  const now = nowIso();
  try {
    await db
      .prepare(
        `INSERT INTO wallets (id, account_id, kind, chain, vendor, address, label, network, is_active, created_by, created_at, updated_at)
         VALUES (?, ?, 'external', ?, 'external', ?, ?, ?, 1, ?, ?, ?)`,
      )
      .bind(id, body.account_id, body.chain, body.address, body.label ?? '', body.chain, userId, now, now)
      .run();
  } catch (err) {
    if (isUniqueViolation(err, 'wallets')) fail(409, 'This address is already a wallet of the account', 'wallet_exists');
    throw err;
  }
  return toWallet((await walletById(db, id))!);
}

/** PATCH /wallets/{id}/deactivate. Holdings stay on the ledger; the wallet leaves the categories. */
export async function deactivateWallet(db: D1Database, userId: string, walletId: string) {
  const wallet = await requireWallet(db, userId, walletId);
  await db.prepare('UPDATE wallets SET is_active = 0, updated_at = ? WHERE id = ?').bind(nowIso(), wallet.id).run();
  return toWallet((await walletById(db, wallet.id))!);
}
