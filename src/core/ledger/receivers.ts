// Receivers: the active digital-assets wallet a send goes to, found by party id or by phone, and
// the refusals a sender gets for a receiver there is none of, or for themselves.
import { nowIso } from '../../platform/primitives';
import { parseReceiver } from '../../shared/schemas/send';
import { fail } from '../db';
import { maskedName } from './party-names';
import { preapprovalOf } from './preapproval';

export const receiverNotFound = (): never => fail(404, 'No digital-assets wallet found for this receiver', 'receiver_not_found');
export const selfTransfer = (): never => fail(400, 'You cannot send to your own wallet', 'self_transfer');

interface ReceiverRow {
  party_id: string;
  account_id: string;
  wallet_id: string;
  hint: string;
  first_name: string | null;
  last_name: string | null;
}

const RECEIVER_COLUMNS = `w.address AS party_id, w.account_id, w.id AS wallet_id, lp.hint, pr.first_name, pr.last_name`;
const RECEIVER_JOINS = `JOIN ledger_parties lp ON lp.party_id = w.address
  JOIN accounts a ON a.id = w.account_id LEFT JOIN profiles pr ON pr.id = a.created_by`;
const ACTIVE_DIGITAL_ASSET = `w.kind = 'digital_asset' AND w.is_active = 1 AND w.address IS NOT NULL`;

/** The active digital-assets wallet holding `partyId`, with its owner's names; null when there is none. */
export async function receiverByParty(db: D1Database, partyId: string) {
  return db
    .prepare(`SELECT ${RECEIVER_COLUMNS} FROM wallets w ${RECEIVER_JOINS} WHERE w.address = ? AND ${ACTIVE_DIGITAL_ASSET} LIMIT 1`)
    .bind(partyId)
    .first<ReceiverRow>();
}

/**
 * The digital-assets party of the person who signs in with `phone` ('+' and digits; the local
 * sign-in stores the digits), among the accounts they own: the primary first, then the active one,
 * then the oldest.
 */
async function receiverByPhone(db: D1Database, phone: string) {
  return db
    .prepare(
      `SELECT ${RECEIVER_COLUMNS} FROM auth_users u
       JOIN user_accounts ua ON ua.user_id = u.id
       JOIN wallets w ON w.account_id = ua.account_id ${RECEIVER_JOINS}
       WHERE u.phone = ? AND a.created_by = u.id AND ${ACTIVE_DIGITAL_ASSET}
       ORDER BY ua.is_primary DESC, ua.is_active DESC, ua.created_at, ua.id LIMIT 1`,
    )
    .bind(phone.replace(/^\+/, ''))
    .first<ReceiverRow>();
}

/**
 * POST /wallets/canton/receivers/resolve: a party id or phone to the receiver's digital-assets party.
 * An unknown phone or party, and a person without a digital-assets wallet, answer the same 404.
 */
export async function resolveReceiver(db: D1Database, callerParty: string, receiverText: string) {
  const receiver = parseReceiver(receiverText);
  if (!receiver) return receiverNotFound();
  if (receiver.kind === 'party' && receiver.partyId === callerParty) return selfTransfer();
  const row = receiver.kind === 'party' ? await receiverByParty(db, receiver.partyId) : await receiverByPhone(db, receiver.phone);
  if (!row) return receiverNotFound();
  if (row.party_id === callerParty) return selfTransfer();
  const preapproval = await preapprovalOf(db, row.party_id, nowIso());
  return { partyId: row.party_id, displayName: maskedName(row.first_name, row.last_name, row.party_id), preapproved: preapproval !== null };
}
