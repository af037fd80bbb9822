// /support: tabs Help Center (the user's tickets), Requests (the feature request board, upvote
// only) and Knowledge Base (empty for now). The open tab follows the address hash (#requests,
// #knowledge-base) so it can be linked and survives a reload. Rendered on the Worker the page comes
// with the Help Center's first tickets; the hash never reaches the server, so another tab named
// there opens once the island runs.
import { useEffect, useState } from 'react';
import { useT } from '../components/use-t';
import type { PageSeed } from '../shared/page-seed';
import type { Ticket } from '../stores/support';
import AppShell from './AppShell';
import { Glyph } from './shell/icons';
import { PageHeader } from './shell/PageHeader';
import { HelpCenter } from './support/HelpCenter';
import { Requests } from './support/Requests';
import { Tabs } from './support/Tabs';

export const SUPPORT_TABS = ['help-center', 'requests', 'knowledge-base'] as const;
export type SupportTab = (typeof SUPPORT_TABS)[number];

const tabFromHash = (hash: string): SupportTab => {
  const key = hash.replace(/^#/, '');
  return (SUPPORT_TABS as readonly string[]).includes(key) ? (key as SupportTab) : 'help-center';
};

function KnowledgeBase() {
  const t = useT();
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-10 text-center">
      <Glyph name="bulb" className="mx-auto h-10 w-10 text-gray-300" />
      <p className="mt-3 font-medium text-gray-900">{t('support.kb.empty.title')}</p>
      <p className="mt-1 text-sm text-gray-600">{t('support.kb.empty.description')}</p>
    </div>
  );
}

interface ServedTickets {
  /** The Help Center's first tickets as the Worker read them (null: that read failed; the tab loads them). */
  firstTickets?: Ticket[] | null;
}

function Support({ firstTickets, served }: ServedTickets & { served: boolean }) {
  const t = useT();
  const [tab, setTab] = useState<SupportTab>(() => (served ? 'help-center' : tabFromHash(location.hash)));
  // The server's tickets serve the Help Center's first mount only; opened again, it reads them anew.
  const [firstServed, setFirstServed] = useState(firstTickets);

  useEffect(() => {
    const onHash = () => {
      setFirstServed(undefined);
      setTab(tabFromHash(location.hash));
    };
    if (served) onHash();
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, [served]);

  const select = (key: SupportTab) => {
    setFirstServed(undefined);
    setTab(key);
    history.replaceState(null, '', key === 'help-center' ? location.pathname : `#${key}`);
  };

  return (
    <>
      <PageHeader title={t('support.title')} description={t('support.subtitle')} />
      <Tabs
        label={t('support.title')}
        selected={tab}
        onSelect={select}
        items={[
          { key: 'help-center', label: t('support.tab.helpCenter'), panel: <HelpCenter served={firstServed} /> },
          { key: 'requests', label: t('support.tab.requests'), panel: <Requests /> },
          { key: 'knowledge-base', label: t('support.tab.knowledgeBase'), panel: <KnowledgeBase /> },
        ]}
      />
    </>
  );
}

export default function SupportPage({ seed, firstTickets }: ServedTickets & { seed?: PageSeed }) {
  return (
    <AppShell title="support.title" seed={seed}>
      <Support firstTickets={firstTickets} served={Boolean(seed)} />
    </AppShell>
  );
}
