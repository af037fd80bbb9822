// /accounts/brokerage: the brokerage account of the active account, served in the HTML with its data
// and the market clock (src/worker/pages/brokerage-data.ts). Not verified: why, and a link to identity
// verification. Verified without the account: the suitability questionnaire and the W-8BEN
// declaration in one form (brokerage/OpenAccountForm.tsx). Active: cash and buying power, whether the
// market is open and when it next opens or closes (New York time, ET), the portfolio (brokerage/
// Portfolio.tsx: value, returns, allocation, positions, open orders, history), the suitability
// answers and the W-8BEN's date.
// The page's island is this module's default, with the form as a chunk of its own, or, when the page
// is served with the form, ./BrokerageOpening.tsx, with the form in its first load: each first load
// holds what its served state shows.
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useSeededStore, useServedStore } from '../components/page-seed-context';
import { useLang, useT } from '../components/use-t';
import { htmlLang, type TranslationKey } from '../i18n';
import { apiErrorText } from '../shared/error-text';
import { formatCents, formatDay, formatMarketTime } from '../shared/format';
import type { PageSeed } from '../shared/page-seed';
import type { BrokerageAccount as Account, MarketClock } from '../shared/schemas/brokerage';
import { $activeAccount } from '../stores/account';
import { $brokerage, loadBrokerage, loadMarketClock } from '../stores/brokerage';
import { toast } from '../stores/toasts';
import AppShell from './AppShell';
import { BackLink } from './common/BackLink';
import { Figure } from './common/Figure';
import { VerifyFirst } from './common/VerifyFirst';
import { PageHeader } from './shell/PageHeader';
import { Portfolio } from './brokerage/Portfolio';
import { RecurringBuys } from './brokerage/RecurringBuys';
import { QUESTION_NAMES } from './brokerage/suitability';
import type { ServedBrokerage, ServedPortfolio } from '../shared/served-portfolio';
import type { RecurringBuy } from '../shared/schemas/recurring';

const CARD = 'rounded-xl border border-gray-200 bg-white p-4 sm:p-6';

type OpenFormComponent = ComponentType<{ account: Account }>;
/** The open-account form as a chunk of its own: for an account switched to after the page was served. */
const LazyOpenAccountForm = lazy(() => import('./brokerage/OpenAccountForm'));

/** "Market open, closes at 4:00 PM ET" / "Market closed, opens Mon 9:30 AM ET", in the user's language. */
function MarketStatus({ clock }: { clock: MarketClock | null }) {
  const t = useT();
  const lang = useLang();
  if (!clock) return null;
  const locale = htmlLang(lang);
  const text = clock.is_open
    ? t('broker.market.open', { time: formatMarketTime(clock.next_close, locale).time })
    : t('broker.market.closed', formatMarketTime(clock.next_open, locale));
  return (
    <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-gray-700" data-testid="market-status" data-open={clock.is_open}>
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${clock.is_open ? 'bg-green-600' : 'bg-gray-400'}`} />
      <span>{text}</span>
      <span className="text-gray-600">{t('broker.market.crypto')}</span>
    </p>
  );
}

function ActiveAccount({
  account,
  clock,
  portfolio,
  recurring,
}: {
  account: Account;
  clock: MarketClock | null;
  portfolio: ServedPortfolio | null;
  recurring: RecurringBuy[] | null;
}) {
  const t = useT();
  const lang = useLang();
  const { suitability, w8ben } = account;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Figure label={t('broker.cash')} value={formatCents(account.cash_cents)} testId="broker-cash" />
        <Figure label={t('broker.buyingPower')} value={formatCents(account.buying_power_cents)} testId="broker-buying-power" />
      </div>
      <p className="mt-2 text-xs text-gray-600">
        {t('broker.cash.note')} {account.account_number && t('broker.accountNumber', { number: account.account_number })}
      </p>
      <MarketStatus clock={clock} />
      <Portfolio account={account} served={portfolio} />
      <RecurringBuys accountId={account.account_id} clock={clock} served={recurring} />
      {suitability && (
        <section aria-labelledby="broker-answers" className={`mt-6 ${CARD}`}>
          <h2 id="broker-answers" className="text-lg font-semibold text-gray-900">
            {t('broker.answers.title')}
          </h2>
          <dl className="mt-3 grid gap-3 sm:grid-cols-3">
            {QUESTION_NAMES.map((q) => (
              <div key={q}>
                <dt className="text-sm text-gray-600">{t(`broker.question.${q}.label`)}</dt>
                <dd className="text-sm font-medium text-gray-900" data-answer={q}>
                  {t(`broker.question.${q}.${suitability[q]}` as TranslationKey)}
                </dd>
              </div>
            ))}
          </dl>
          {w8ben && <p className="mt-4 text-sm text-gray-600">{t('broker.w8ben.signed', { date: formatDay(w8ben.date_signed, htmlLang(lang)) })}</p>}
        </section>
      )}
    </>
  );
}

function BrokerageAccount({ served, OpenForm }: { served: ServedBrokerage; OpenForm: OpenFormComponent }) {
  const t = useT();
  const lang = useLang();
  const state = useServedStore($brokerage, served.account);
  const active = useSeededStore($activeAccount, (s) => s.activeAccount);
  const account = state.status === 'idle' ? null : state;
  const [clock, setClock] = useState<MarketClock | null>(served.clock);
  // Nothing served (that read failed): the island reads it itself.
  const activeId = active?.account_id;
  useEffect(() => {
    if (!account && activeId) loadBrokerage(activeId).catch((err: unknown) => toast({ type: 'error', title: apiErrorText(lang, err) }));
  }, [account, activeId, lang]);
  const isActive = account?.status === 'active';
  useEffect(() => {
    if (isActive && !clock) loadMarketClock().then(setClock, () => undefined);
  }, [isActive, clock]);
  return (
    <>
      <BackLink href="/accounts" label={t('wallet.backToAccounts')} />
      <PageHeader
        title={t('accounts.brokerage.title')}
        actions={
          isActive ? (
            <span data-status="active" className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">
              {t('broker.active')}
            </span>
          ) : undefined
        }
      />
      {account?.status === 'active' && <ActiveAccount account={account} clock={clock} portfolio={served.portfolio} recurring={served.recurring} />}
      {account?.status === 'not_opened' && (
        <Suspense fallback={<p className="text-sm text-gray-600">{t('common.loading')}</p>}>
          <OpenForm account={account} />
        </Suspense>
      )}
      {account?.status === 'unverified' && (
        <VerifyFirst id="broker-unverified" title={t('broker.unverified.title')} body={t('broker.unverified.body')} link={t('broker.unverified.link')} />
      )}
      {!account && <p className="text-sm text-gray-600">{t('common.loading')}</p>}
    </>
  );
}

export interface BrokeragePageProps {
  seed?: PageSeed;
  served: ServedBrokerage;
}

/** The page with the given open-account form. */
export function BrokeragePage({ seed, served, openForm }: BrokeragePageProps & { openForm: OpenFormComponent }) {
  return (
    <AppShell title="accounts.brokerage.title" seed={seed}>
      <BrokerageAccount served={served} OpenForm={openForm} />
    </AppShell>
  );
}

export default function BrokerageAccountPage(props: BrokeragePageProps) {
  return <BrokeragePage {...props} openForm={LazyOpenAccountForm} />;
}
