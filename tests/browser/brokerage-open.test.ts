// Opening the brokerage account in Chromium, in Spanish at 390 px: a person verified through the
// identity verification API (approved at once, naming Argentina) goes from the Accounts screen's
// Brokerage card to the forms, sends them empty and reads each field's error (the focus on the first),
// answers the suitability questionnaire and signs the W-8BEN in their verified name (accents and case
// aside, the checkbox ticked from the keyboard), and sees the account Active on the page, with its
// cash, the market's status, the answers and no positions, and on the card.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../src/shared/format';
import {
  apiSignIn,
  at,
  fileBrowser,
  openApp,
  pageFitsWidth,
  s,
  saveLanguage,
  servedContext,
  testPhone,
  type ApiSession,
  verifyAsAnaOfArgentina,
} from './helpers';

const PHONE = testPhone(57);

const browser = fileBrowser();
let session: ApiSession;

beforeAll(async () => {
  session = await apiSignIn(PHONE);
  await saveLanguage(session, 'es');
  await verifyAsAnaOfArgentina(session);
});

describe('opening the brokerage account (es, 390 px)', () => {
  it('opens from the card through the questionnaire and the W-8BEN, and shows it Active', { timeout: 120_000 }, async () => {
    const context = await servedContext(browser(), session, { lang: 'es' });
    const page = await context.newPage();
    const card = page.locator('[data-card="brokerage"]');
    await openApp(page, '/accounts');
    expect(await card.locator('[data-status]').textContent()).toBe(s('es', 'accounts.status.notCreated'));
    await card.getByRole('link', { name: s('es', 'broker.card.open') }).click();
    await page.waitForURL(at('/accounts/brokerage'));
    await openApp(page, '/accounts/brokerage');
    expect(await page.locator('#main h1').textContent()).toBe(s('es', 'accounts.brokerage.title'));
    // The forms are in the served HTML, with the island that has them in its first load.
    const served = await (await page.request.get('/accounts/brokerage')).text();
    expect(served).toContain(s('es', 'broker.w8ben.title'));
    expect(served).toContain(s('es', 'broker.open.submit'));
    expect(served).toMatch(/component-url="\/_astro\/BrokerageOpening\./);

    // Sent empty: each field says what is wrong, and the first question takes the focus.
    const submit = page.getByRole('button', { name: s('es', 'broker.open.submit') });
    await submit.click();
    const experience = page.getByRole('group', { name: s('es', 'broker.question.experience.label') });
    await experience.getByText(s('es', 'broker.field.choose')).waitFor();
    expect(await page.getByText(s('es', 'broker.field.choose')).count()).toBe(3);
    expect(await page.getByText(s('es', 'broker.field.signatureEmpty')).count()).toBe(1);
    expect(await page.getByText(s('es', 'broker.field.certify')).count()).toBe(1);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('experience');
    const signature = page.getByLabel(s('es', 'broker.w8ben.signature'));
    expect(await signature.getAttribute('aria-invalid')).toBe('true');
    expect(await pageFitsWidth(page)).toBe(true);

    // The verified name and country are filled in; the date is today's.
    expect(await page.getByLabel(s('es', 'broker.w8ben.legalName')).inputValue()).toBe('Ana García');
    expect(await page.getByLabel(s('es', 'broker.w8ben.country')).inputValue()).toBe('AR');
    await experience.getByLabel(s('es', 'broker.question.experience.some')).check();
    await page
      .getByRole('group', { name: s('es', 'broker.question.risk_tolerance.label') })
      .getByLabel(s('es', 'broker.question.risk_tolerance.medium'))
      .check();
    await page
      .getByRole('group', { name: s('es', 'broker.question.horizon.label') })
      .getByLabel(s('es', 'broker.question.horizon.long'))
      .check();
    // A signature that is not the legal name is refused in place.
    await signature.fill('Ana G.');
    const certify = page.getByLabel(s('es', 'broker.w8ben.certify'));
    await certify.focus();
    await page.keyboard.press('Space');
    expect(await certify.isChecked()).toBe(true);
    await submit.click();
    await page.getByText(s('es', 'broker.field.signature')).waitFor();
    await signature.fill('ana garcia');
    await submit.click();

    await page.locator('[data-status="active"]').waitFor();
    expect(await page.locator('[data-status="active"]').textContent()).toBe(s('es', 'broker.active'));
    expect(await page.locator('[data-testid="broker-cash"]').textContent()).toBe(formatCents(0));
    expect(await page.locator('[data-testid="broker-buying-power"]').textContent()).toBe(formatCents(0));
    expect(await page.locator('[data-testid="market-status"]').textContent()).toMatch(/^Mercado (abierto, cierra a las|cerrado, abre el) .+ ET/);
    expect(await page.locator('[data-answer="experience"]').textContent()).toBe(s('es', 'broker.question.experience.some'));
    expect(await page.locator('[data-answer="horizon"]').textContent()).toBe(s('es', 'broker.question.horizon.long'));
    expect(await page.getByRole('heading', { name: s('es', 'broker.portfolio.title') }).count()).toBe(1);
    expect(await page.locator('[data-testid="broker-holdings-empty"]').textContent()).toBe(s('es', 'broker.holdings.empty'));
    expect(await pageFitsWidth(page)).toBe(true);

    // Served as it is on a fresh load, and Active on the Accounts screen's card.
    await openApp(page, '/accounts/brokerage');
    expect(await page.locator('[data-status="active"]').count()).toBe(1);
    await openApp(page, '/accounts');
    await card.locator('[data-status="active"]').waitFor();
    expect(await card.locator('[data-status]').textContent()).toBe(s('es', 'common.active'));
    expect(await card.getByRole('link', { name: s('es', 'accounts.viewDetails') }).getAttribute('href')).toBe('/accounts/brokerage');
    await context.close();
  });
});
