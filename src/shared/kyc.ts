// The identity verification (KYC) states a user can read, from the KYC summary's free-text status
// (idv_status, else idv.status). The contract keeps the status a string, so the names an identity
// provider uses for the same state are folded into the few a user needs to know.
import type { TranslationKey } from '../i18n';

export const KYC_STATES = ['none', 'pending', 'approved', 'rejected', 'unknown'] as const;
export type KycState = (typeof KYC_STATES)[number];

const SYNONYMS: Partial<Record<string, KycState>> = {
  not_started: 'none',
  none: 'none',
  pending: 'pending',
  submitted: 'pending',
  in_review: 'pending',
  under_review: 'pending',
  processing: 'pending',
  approved: 'approved',
  verified: 'approved',
  completed: 'approved',
  rejected: 'rejected',
  declined: 'rejected',
  failed: 'rejected',
};

/** No status yet is "not started"; a status nobody mapped is "unknown" (never shown raw, in English). */
export function kycState(status: string | null | undefined): KycState {
  const s = status
    ?.trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (!s) return 'none';
  return SYNONYMS[s] ?? 'unknown';
}

export const kycStatusKey = (state: KycState): TranslationKey => `accounts.kyc.status.${state}`;
export const kycHintKey = (state: KycState): TranslationKey => `accounts.kyc.hint.${state}`;
