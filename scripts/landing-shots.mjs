// The landing page's feature images and the app screen each one is captured from (used by
// `npm run screenshots` and by the test that checks each image's alt text names that screen).
/** Landing image name -> the screen it shows, the element that says it is ready, its title key. */
export const SHOTS = [
  { name: 'global-investing', path: '/market', ready: '#main tbody tr', titleKey: 'market.title' },
  { name: 'crypto-investing', path: '/accounts/digital-assets', ready: '[data-wallet-balance]', titleKey: 'wallet.title' },
  { name: 'smart-savings', path: '/transactions', ready: '[data-card="transaction"]', titleKey: 'transactions.title' },
];
