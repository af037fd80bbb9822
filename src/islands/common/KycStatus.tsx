// The signed-in user's identity verification status (the KYC summary: idv_status, else idv.status),
// shown where a user looks for their account's standing: the accounts overview and Account
// Security.
// Loading and a failed profile load have their own states, with a retry, so "Not started" is never
// shown for a status we simply could not read. Until approved it links to /settings/identity.
import { useId } from 'react';
import { Button } from '../../components/Button';
import { useSeededStore } from '../../components/page-seed-context';
import { useT } from '../../components/use-t';
import { kycHintKey, kycState, kycStatusKey, type KycState } from '../../shared/kyc';
import { $accountLoadFailed, $accountStatus, $kyc, kycSummary, refreshAccount } from '../../stores/account';
import { Glyph, type GlyphName } from '../shell/icons';

/** Where a person verifies their identity (or sees their submission's state). */
const IDENTITY_PAGE = '/settings/identity';

const LOOK: Record<KycState, { badge: string; icon: GlyphName }> = {
  none: { badge: 'bg-gray-100 text-gray-700', icon: 'shield' },
  pending: { badge: 'bg-yellow-100 text-yellow-800', icon: 'shield' },
  approved: { badge: 'bg-green-100 text-green-800', icon: 'check' },
  rejected: { badge: 'bg-red-100 text-red-800', icon: 'close' },
  unknown: { badge: 'bg-gray-100 text-gray-700', icon: 'shield' },
};

export function KycStatus({ className = '' }: { className?: string }) {
  const t = useT();
  const kyc = useSeededStore($kyc, (s) => kycSummary(s.account));
  const status = useSeededStore($accountStatus, () => 'ready');
  const failed = useSeededStore($accountLoadFailed, (s) => s.account === null);
  const titleId = useId();
  const loading = !failed && (status === 'loading' || (status !== 'ready' && !kyc));
  const state = kycState(kyc?.status);

  let body;
  if (loading) {
    body = (
      <p role="status" className="text-sm text-gray-600">
        {t('accounts.kyc.loading')}
      </p>
    );
  } else if (failed || !kyc) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="alert" className="text-sm text-red-700">
          {t('accounts.kyc.error')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void refreshAccount()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span data-kyc={state} className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ${LOOK[state].badge}`}>
          <Glyph name={LOOK[state].icon} className="h-3.5 w-3.5" />
          {t(kycStatusKey(state))}
        </span>
        <span className="text-sm text-gray-600">{t(kycHintKey(state))}</span>
        {state !== 'approved' && (
          <a href={IDENTITY_PAGE} className="text-sm font-medium text-gray-900 underline underline-offset-2">
            {t('identity.title')}
          </a>
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby={titleId} aria-busy={loading || undefined} className={`rounded-xl border border-gray-200 bg-white p-4 ${className}`}>
      <h2 id={titleId} className="mb-2 text-sm font-semibold text-gray-900">
        {t('accounts.kyc.title')}
      </h2>
      {body}
    </section>
  );
}
