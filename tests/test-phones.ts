// The one registry of fixed-code test phone numbers (+1 555 555 0100 to 0171, code 123456): which
// file or purpose owns each number. The browser tests and `npm run screenshots` share one running
// app, where a number gets one code per 60 s and a user's data is shared, so each of them signs in
// only with numbers it owns. The workerd tests, the remote-mode tests and the bench run on storage
// of their own and may use any registered number. config/local.env's AUTH_TEST_OTP must list
// exactly these numbers; tests/test-phones.test.ts checks all of that.

/** The fixed one-time code of every test number (AUTH_TEST_OTP in config/local.env). */
export const TEST_CODE = '123456';

export interface TestPhone {
  /** E.164, as AUTH_TEST_OTP has it but with the '+'. */
  phone: string;
  /** The repository path of the file that signs in with it, or a purpose ('by hand', 'spare'). */
  owner: string;
  /** Other files that use this number on the shared running app (the start banner). */
  users?: string[];
}

const own = (nn: number, owner: string, users?: string[]): TestPhone => ({
  phone: `+15555550${100 + nn}`,
  owner,
  ...(users ? { users } : {}),
});

export const TEST_PHONES: readonly TestPhone[] = [
  own(0, 'by hand', ['scripts/start.mjs']),
  own(1, 'tests/browser/app-login.test.ts'),
  own(2, 'tests/browser/app-login.test.ts'),
  own(3, 'tests/browser/app-shell.test.ts'),
  own(4, 'tests/browser/app-accounts.test.ts'),
  own(5, 'tests/browser/app-settings.test.ts'),
  own(6, 'tests/browser/csp.test.ts'),
  own(7, 'tests/browser/cookie-session.test.ts'),
  own(8, 'tests/browser/api-clients.test.ts'),
  own(9, 'tests/browser/cookie-session.test.ts'),
  own(10, 'tests/browser/screens-market.test.ts'),
  own(11, 'tests/browser/screens-wallet.test.ts'),
  own(12, 'tests/browser/screens-wallet.test.ts'),
  own(13, 'tests/browser/screens-transactions.test.ts'),
  own(14, 'tests/browser/screens-support.test.ts'),
  own(15, 'tests/browser/screens-support.test.ts'),
  own(16, 'tests/browser/screens-wallet.test.ts'),
  own(17, 'tests/browser/transactions-history.test.ts'),
  own(18, 'tests/browser/transactions-history.test.ts'),
  own(19, 'scripts/screenshots.mjs'),
  own(20, 'tests/browser/a11y-axe.test.ts'),
  own(21, 'tests/browser/a11y-axe.test.ts'),
  own(22, 'tests/browser/a11y-keyboard.test.ts'),
  own(23, 'tests/browser/prefetch.test.ts'),
  own(24, 'tests/browser/a11y-axe.test.ts'),
  own(25, 'tests/browser/screens-phones.test.ts'),
  own(26, 'tests/browser/price-chart.test.ts'),
  own(27, 'tests/browser/sessions.test.ts'),
  own(28, 'tests/browser/sessions.test.ts'),
  own(29, 'tests/browser/cookie-session.test.ts'),
  own(30, 'tests/browser/wallet-p2p.test.ts'),
  own(31, 'tests/browser/wallet-p2p.test.ts'),
  own(32, 'tests/browser/wallet-p2p.test.ts'),
  own(33, 'tests/browser/wallet-live.test.ts'),
  own(34, 'tests/browser/wallet-live.test.ts'),
  own(35, 'tests/browser/server-rendered.test.ts'),
  own(36, 'tests/browser/server-rendered.test.ts'),
  own(37, 'tests/browser/server-rendered.test.ts'),
  own(38, 'tests/browser/know-who-you-pay.test.ts'),
  own(39, 'tests/browser/know-who-you-pay.test.ts'),
  own(40, 'tests/browser/server-rendered-wallet.test.ts'),
  own(41, 'tests/browser/server-rendered-wallet.test.ts'),
  own(42, 'tests/browser/server-rendered-wallet.test.ts'),
  own(43, 'tests/browser/server-rendered-pages.test.ts'),
  own(44, 'tests/browser/server-rendered-pages.test.ts'),
  own(45, 'tests/browser/server-rendered-pages.test.ts'),
  own(46, 'scripts/record-examples.mjs'),
  own(47, 'scripts/record-examples.mjs'),
  own(48, 'tests/browser/notifications.test.ts'),
  own(49, 'tests/browser/notifications.test.ts'),
  own(50, 'tests/browser/account-default-name.test.ts'),
  own(51, 'tests/browser/asset-figures.test.ts'),
  own(52, 'tests/browser/identity.test.ts'),
  own(53, 'tests/browser/identity.test.ts'),
  own(54, 'tests/browser/dollars-walkthrough.test.ts'),
  own(55, 'tests/browser/orders-engine.test.ts'),
  own(56, 'tests/browser/new-transaction.test.ts'),
  own(57, 'tests/browser/brokerage-open.test.ts'),
  own(58, 'tests/browser/invest-walkthrough.test.ts'),
  own(59, 'tests/browser/recurring-buys.test.ts'),
  own(60, 'tests/browser/usd-account.test.ts'),
  own(61, 'tests/browser/taps-before-hydration.test.ts'),
  own(62, 'tests/browser/taps-before-hydration.test.ts'),
  own(63, 'tests/browser/notifications.test.ts'),
  own(64, 'tests/browser/login-no-js.test.ts'),
  own(65, 'tests/browser/login-no-js.test.ts'),
  own(66, 'tests/browser/login-no-js.test.ts'),
  own(67, 'tests/browser/login-no-js.test.ts'),
  own(68, 'tests/browser/notifications.test.ts'),
  own(69, 'tests/browser/notifications.test.ts'),
  own(70, 'tests/browser/chart-first-paint.test.ts'),
  own(71, 'tests/browser/net-worth.test.ts'),
];

/** Folders and files that run on storage of their own: any registered number is theirs to use. */
export const OWN_STORAGE = ['tests/worker/', 'tests/remote/', 'bench/', 'scripts/check-deploy-config.test.ts'];

/** Digits only: '+1 555 555 0101' and '15555550101' are the same number. */
export const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * The registered number +1 555 555 01NN, written as a user types it. Throws for a number that is not
 * in the registry, so a test cannot sign in with one the local sign-in service does not know.
 */
export function testPhone(nn: number): string {
  const entry = TEST_PHONES.find((p) => p.phone === `+15555550${100 + nn}`);
  if (!entry) throw new Error(`+1 555 555 01${String(nn).padStart(2, '0')} is not in tests/test-phones.ts`);
  return `+1 555 555 01${String(nn).padStart(2, '0')}`;
}
