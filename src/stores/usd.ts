// The USD account screen's state and calls: the account as the Worker served it or as last read
// (GET /api/usd/accounts/{accountId}), opening it, adding a bank account, adding and withdrawing
// dollars (one Idempotency-Key per intent, kept across its retries) and cancelling a pending
// withdrawal; each write reloads the account. The typed amount is read in the user's language
// ("1,5" is 1.5 in es and fs) and held to the API's rule: positive, at most 2 decimals.
import { atom } from 'nanostores';
import { htmlLang, type Lang, type TranslationKey } from '../i18n';
import { sendIntent } from '../lib/idempotency';
import { readTypedAmount, type TypedAmountProblem } from '../shared/format';
import type { UsdAccount } from '../shared/schemas/usd';
import { api, unwrap } from './api';

export type UsdState = { status: 'idle' } | UsdAccount;

export const $usd = atom<UsdState>({ status: 'idle' });

const TYPED_KEYS: Record<TypedAmountProblem, TranslationKey> = {
  empty: 'usd.amount.empty',
  notNumber: 'usd.amount.notNumber',
  grouping: 'usd.amount.grouping',
  notPositive: 'usd.amount.notPositive',
};

/** The amount typed in `lang` as the API's decimal text ("1.5"), or the key of what is wrong with it. */
export function usdAmountOf(text: string, lang: Lang): { ok: true; amount: string } | { ok: false; error: TranslationKey } {
  const typed = readTypedAmount(text, htmlLang(lang));
  if (!typed.ok) return { ok: false, error: TYPED_KEYS[typed.problem] };
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(typed.amount)) return { ok: false, error: 'usd.amount.decimals' };
  return { ok: true, amount: typed.amount };
}

const usd = () => api().usd.accounts;

export async function loadUsd(accountId: string): Promise<void> {
  $usd.set(await unwrap(usd()[':accountId'].$get({ param: { accountId } })));
}

export async function openUsd(accountId: string): Promise<void> {
  $usd.set(await unwrap(usd().$post({ json: { account_id: accountId } })));
}

export interface NewBankAccount {
  holder_name: string;
  bank_name: string;
  account_number: string;
  routing_number: string;
}

/** Adds a bank account and answers its id. */
export async function addBankAccount(accountId: string, body: NewBankAccount): Promise<string> {
  const added = await unwrap(
    sendIntent((key) => usd()[':accountId']['bank-accounts'].$post({ param: { accountId }, header: { 'idempotency-key': key }, json: body })),
  );
  await loadUsd(accountId);
  return added.id;
}

export async function depositUsd(accountId: string, amount: string, rail: 'bank' | 'card'): Promise<void> {
  await unwrap(sendIntent((key) => usd()[':accountId'].deposits.$post({ param: { accountId }, header: { 'idempotency-key': key }, json: { amount, rail } })));
  await loadUsd(accountId);
}

export async function withdrawUsd(accountId: string, amount: string, bankAccountId: string): Promise<void> {
  await unwrap(
    sendIntent((key) =>
      usd()[':accountId'].withdrawals.$post({ param: { accountId }, header: { 'idempotency-key': key }, json: { amount, bank_account_id: bankAccountId } }),
    ),
  );
  await loadUsd(accountId);
}

export async function cancelWithdrawal(accountId: string, movementId: string): Promise<void> {
  await unwrap(
    sendIntent((key) => usd()[':accountId'].withdrawals[':movementId'].cancel.$post({ param: { accountId, movementId }, header: { 'idempotency-key': key } })),
  );
  await loadUsd(accountId);
}
