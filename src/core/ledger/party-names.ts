// How a party is named to others: the treasury by its fixed name, a person by a masked name.
import { abbreviatePartyId } from '../../shared/format';
import type { CounterpartyKind } from '../../shared/transaction-labels';

/** The treasury's name in offer lists and history: fixed English, the islands translate it by its counterparty kind. */
export const TREASURY_NAME = 'Dólar treasury';

/**
 * A person as others see them: "Ana G." from the profile's first and last name, else their party id
 * shortened as every screen shortens one ("person...8cfce6"), which tells apart two people whose
 * accounts share a name. Never the whole name, the phone or the account.
 */
export function maskedName(first: string | null | undefined, last: string | null | undefined, partyId: string): string {
  const given = (first ?? '').trim();
  if (given) {
    const initial = [...(last ?? '').trim()][0];
    return initial ? `${given} ${initial.toUpperCase()}.` : given;
  }
  return abbreviatePartyId(partyId);
}

/**
 * An SQL column `<prefix>_party` naming the party `partyExpr` for partyName(): one lookup by key
 * giving its role, its id and its account owner's names as a JSON array (null for no such party).
 */
export const partyNameColumn = (partyExpr: string, prefix: string) => `
  (SELECT json_array(lp.role, lp.party_id, pr.first_name, pr.last_name) FROM ledger_parties lp
     LEFT JOIN accounts a ON a.id = lp.account_id LEFT JOIN profiles pr ON pr.id = a.created_by
   WHERE lp.party_id = ${partyExpr}) AS ${prefix}_party`;

/** The name of a party from partyNameColumn's value: the treasury's fixed name, a person's masked one, or null. */
export function partyName(party: string | null): string | null {
  if (!party) return null;
  const [role, partyId, first, last] = JSON.parse(party) as [string, string, string | null, string | null];
  return role === 'treasury' ? TREASURY_NAME : maskedName(first, last, partyId);
}

/** Who partyNameColumn's value is: the treasury, a person, or null for no such party. */
export const partyKind = (party: string | null): CounterpartyKind | null =>
  party === null ? null : (JSON.parse(party) as [string])[0] === 'treasury' ? 'treasury' : 'person';
