// /accounts/brokerage: the spec's titled placeholder, with the way back.
import { useT } from '../components/use-t';
import AppShell from './AppShell';
import { Glyph } from './shell/icons';
import { PageHeader } from './shell/PageHeader';

type Kind = 'brokerage';
const TITLE = { brokerage: 'accounts.brokerage.title' } as const;

function Placeholder({ kind }: { kind: Kind }) {
  const t = useT();
  return (
    <>
      <a href="/accounts" className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-gray-600 hover:text-gray-900">
        <Glyph name="chevronLeft" className="h-4 w-4" />
        {t('wallet.backToAccounts')}
      </a>
      <PageHeader title={t(TITLE[kind])} />
      <section className="rounded-xl border border-gray-200 bg-white p-6 text-sm text-gray-600">{t('accounts.placeholder.description')}</section>
    </>
  );
}

export default function AccountPlaceholder({ kind }: { kind: Kind }) {
  return (
    <AppShell title={TITLE[kind]}>
      <Placeholder kind={kind} />
    </AppShell>
  );
}
