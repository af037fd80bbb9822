// The API's groups as /api/openapi.json declares them at its top level: every declaration's tag is
// one of these (a test over declaredRoutes() checks it), so generated clients and the reference
// page group operations under a described name.
export const API_TAGS = [
  { name: 'Health', description: 'Whether the service is up. Open: no token.' },
  { name: 'Accounts', description: 'Your accounts (the active and the primary one) and your profile.' },
  {
    name: 'Wallets',
    description:
      'Wallets and the Canton ledger: parties, balances and holdings (exact decimal strings), person-to-person transfers, offers and automatic acceptance.',
  },
  {
    name: 'USD account',
    description:
      'Your USD account: dollars in integer cents, money in (simulated bank transfer or card) and out to a bank account you add (simulated), pending withdrawals, the monthly limit.',
  },
  {
    name: 'Brokerage',
    description:
      'Your brokerage account: opening it (suitability questionnaire and W-8BEN), its cash and buying power in integer USD cents (from your USD account), and the US equities market clock and calendar.',
  },
  {
    name: 'Orders and positions',
    description:
      'Your brokerage orders (market and limit, by shares or dollars, day or good-till-cancelled; simulated fills at the market price) and the positions they leave: average cost, market value and return, money in integer USD cents, shares and prices as exact decimal strings.',
  },
  {
    name: 'Recurring buys',
    description:
      'A dollar amount of a stock or ETF bought daily, weekly, every two weeks or monthly from a start date: each run a market order in your history (simulated fills), a run without enough buying power skipped and told.',
  },
  {
    name: 'Transactions',
    description: 'Your transactions, newest first: amounts in integer USD cents, asset amounts as exact decimal strings; filters, paging and a CSV export.',
  },
  { name: 'Market', description: 'Prices of the listed stocks, ETFs and Canton assets, and their history.' },
  { name: 'Support', description: 'Your support tickets and their comments.' },
  { name: 'Feature requests', description: 'Feature requests of every user and your votes on them.' },
  {
    name: 'Notifications',
    description: 'Your money events (offers received, accepted, rejected, withdrawn or expired; transfers received) and which you have read.',
  },
  { name: 'Onboarding', description: 'Your first steps (verify your identity, add dollars, a first purchase or send) and which are done.' },
  {
    name: 'Identity verification',
    description: 'Your identity verification: submit your legal name, date of birth, country and document, and read its outcome.',
  },
  {
    name: 'Quotes',
    description:
      'Buying Canton Coin with USD (New Transaction): an indicative quote, a quote locked for 30 seconds with a one-time id, and its execution (simulated payment) with a receipt.',
  },
  { name: 'Sessions', description: 'Your signed-in sessions: list them and end the others.' },
  { name: 'Live', description: 'A WebSocket that tells your open screens when one of your parties’ money changed.' },
] as const;
