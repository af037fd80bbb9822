// The brokerage account screen's state and calls: the account as the Worker served it or as last read
// (GET /api/brokerage/accounts/{accountId}), the market clock, and opening the account with the
// suitability answers and the W-8BEN (one Idempotency-Key per intent, kept across its retries). The
// form is checked here first, field by field, with the core's rules (the W-8BEN's names as
// src/shared/person-name.ts compares them), so each field says what is wrong in the user's language.
import { atom } from 'nanostores';
import type { TranslationKey } from '../i18n';
import { sendIntent } from '../lib/idempotency';
import { sameName } from '../shared/person-name';
import type { BrokerageAccount, MarketClock, OpenBrokerageBody } from '../shared/schemas/brokerage';
import { api, unwrap } from './api';

export type BrokerageState = { status: 'idle' } | BrokerageAccount;

export const $brokerage = atom<BrokerageState>({ status: 'idle' });

/** The opening form as typed: an unanswered question is ''. */
export interface OpenForm {
  experience: OpenBrokerageBody['suitability']['experience'] | '';
  risk_tolerance: OpenBrokerageBody['suitability']['risk_tolerance'] | '';
  horizon: OpenBrokerageBody['suitability']['horizon'] | '';
  legal_name: string;
  /** ISO 3166-1 alpha-2: the verified country when one is on record. */
  country: string;
  signature: string;
  certified: boolean;
}

export type OpenFormErrors = Partial<Record<keyof OpenForm, TranslationKey>>;

/** What is wrong with each field of the form (empty: it can be sent), against the verified name. */
export function openFormErrors(form: OpenForm, verifiedName: string | null): OpenFormErrors {
  const errors: OpenFormErrors = {};
  for (const question of ['experience', 'risk_tolerance', 'horizon'] as const) if (!form[question]) errors[question] = 'broker.field.choose';
  if (!verifiedName || !sameName(form.legal_name, verifiedName)) errors.legal_name = 'broker.field.legalName';
  if (!form.country) errors.country = 'broker.field.country';
  if (!form.signature.trim()) errors.signature = 'broker.field.signatureEmpty';
  else if (!sameName(form.signature, form.legal_name)) errors.signature = 'broker.field.signature';
  if (!form.certified) errors.certified = 'broker.field.certify';
  return errors;
}

const brokerage = () => api().brokerage;

export async function loadBrokerage(accountId: string): Promise<void> {
  $brokerage.set(await unwrap(brokerage().accounts[':accountId'].$get({ param: { accountId } })));
}

export async function loadMarketClock(): Promise<MarketClock> {
  return unwrap(brokerage().clock.$get());
}

/** Opens the account with a form that passed openFormErrors. */
export async function openBrokerage(accountId: string, form: OpenForm): Promise<void> {
  const { experience, risk_tolerance, horizon, legal_name, country, signature } = form;
  if (!experience || !risk_tolerance || !horizon) throw new Error('openBrokerage needs every answer');
  const json = { suitability: { experience, risk_tolerance, horizon }, w8ben: { legal_name, country, signature, certified: true as const } };
  $brokerage.set(
    await unwrap(sendIntent((key) => brokerage().accounts[':accountId'].$post({ param: { accountId }, header: { 'idempotency-key': key }, json }))),
  );
}
