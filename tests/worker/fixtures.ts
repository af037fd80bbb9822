// Fixture users and accounts inserted straight into D1, and a caller for the embedded core as the
// BFF calls it (x-user-id = the verified user). Every fixture uses fresh ids, so tests never
// depend on each other's rows.
import { env } from 'cloudflare:workers';
import { coreApp } from '../../src/core/app';
import { LEDGER_SCALE, parseUnits, usdCents } from '../../src/shared/decimal';
import { ccPrice } from '../../src/core/ledger/price';
import type { DigitalAsset } from '../../src/shared/schemas/market';
import type { Bindings } from '../../src/worker/env';

export const testEnv = env as unknown as Bindings;
export const db = () => testEnv.DB;

export interface Fixture {
  userId: string;
  accountId: string;
}

/** A user with one account (active and primary) named `accountName`. */
export async function createUser(accountName = 'Ana Pérez Savings', userId: string = crypto.randomUUID()): Promise<Fixture> {
  const accountId = crypto.randomUUID();
  await db().batch([
    db().prepare('INSERT INTO profiles (id, name, first_name, last_name) VALUES (?, ?, ?, ?)').bind(userId, 'Ana Pérez', 'Ana', 'Pérez'),
    db().prepare('INSERT INTO accounts (id, name, created_by) VALUES (?, ?, ?)').bind(accountId, accountName, userId),
    db()
      .prepare('INSERT INTO user_accounts (id, user_id, account_id, is_primary, is_active) VALUES (?, ?, ?, 1, 1)')
      .bind(crypto.randomUUID(), userId, accountId),
  ]);
  return { userId, accountId };
}

/** Another account for an existing user (not active). */
export async function addAccount(userId: string, name = 'Business'): Promise<string> {
  const accountId = crypto.randomUUID();
  await db().batch([
    db().prepare('INSERT INTO accounts (id, name, created_by) VALUES (?, ?, ?)').bind(accountId, name, userId),
    db().prepare('INSERT INTO user_accounts (id, user_id, account_id) VALUES (?, ?, ?)').bind(crypto.randomUUID(), userId, accountId),
  ]);
  return accountId;
}

interface CallInit {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls the embedded core as `userId`. */
export function core(userId: string, path: string, init: CallInit = {}): Promise<Response> {
  const headers = new Headers({ 'x-user-id': userId, 'content-type': 'application/json', ...init.headers });
  return Promise.resolve(
    coreApp.fetch(
      new Request(`http://core.internal${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
      }),
      testEnv,
    ),
  );
}

/** Calls the core and parses the JSON answer. */
export async function coreJson<T = any>(userId: string, path: string, init: CallInit = {}): Promise<{ status: number; body: T }> {
  const res = await core(userId, path, init);
  return { status: res.status, body: (await res.json()) as T };
}

export async function scalar<T = unknown>(sql: string, ...params: unknown[]): Promise<T> {
  const row = await db()
    .prepare(sql)
    .bind(...params)
    .first<Record<string, T>>();
  return Object.values(row ?? {})[0] as T;
}

/** A user with an account and its Canton wallet; answers the party id too. */
export async function createUserWithParty(accountName?: string, userId?: string): Promise<Fixture & { partyId: string; walletId: string }> {
  const f = await createUser(accountName, userId);
  const { body } = await coreJson(f.userId, '/wallets/digital-asset', { body: { account_id: f.accountId } });
  return { ...f, partyId: body.data.cantonPartyId, walletId: body.data.walletId };
}

/** USD cents the ledger books for `amount` CC at the current CC price (the market's, once seeded). */
export async function expectedCents(amount: string): Promise<number> {
  return Number(usdCents({ units: parseUnits(amount, LEDGER_SCALE), scale: LEDGER_SCALE }, await ccPrice(db())));
}

/** A digital asset with only an id, a symbol and a name of its own: a marker a test recognizes in a cached market copy. */
export const markerAsset = (id: string, symbol: string, name: string): DigitalAsset => ({
  id,
  symbol,
  name,
  asset_type: 'other',
  currency: null,
  network: null,
  caip2: null,
  last_price: '1',
  logo_url: null,
  created_at: '',
  updated_at: '',
});
/**
 * Marks the person's identity verification approved with `first last` as the verified name, as a
 * decided verification leaves the profile (money in and out of the USD account needs it).
 */
export async function verifyIdentity(userId: string, first = 'Ana', last = 'Pérez'): Promise<void> {
  await db().prepare(`UPDATE profiles SET idv_status = 'approved', first_name = ?, last_name = ? WHERE id = ?`).bind(first, last, userId).run();
}

/** A limit buy far below the price: it stays open whether the market is open or closed. */
export const OPEN_LIMIT_BUY = { symbol: 'AAPL', side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '1', limit_price: '1.00' } as const;
