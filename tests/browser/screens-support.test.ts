// /support in Chromium, in English and Spanish: the tabs (ARIA pattern, arrow keys), the Help Center
// (create a ticket with the required fields and defaults, the agent or 'Unassigned', open it, see the
// agent's comment with its badge, add a comment), the Requests tab (sorted by score, upvote and
// unvote, no downvote, submit with the 5-200 / 10-2000 rules and live counters), the Knowledge Base.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Lang, openApp, s, screenPage, screenshot, signedInState, type StorageState, testPhone, toastText, fileBrowser } from './helpers';

const browser = fileBrowser();
const states: Partial<Record<Lang, StorageState>> = {};

beforeAll(async () => {
  states.en = await signedInState(browser(), testPhone(14));
  states.es = await signedInState(browser(), testPhone(15));
});

const tab = (page: Page, key: string) => page.locator(`[role="tab"][data-tab="${key}"]`);

async function createTicket(page: Page, lang: Lang, title: string, priority?: 'low' | 'medium' | 'high' | 'urgent') {
  await page.locator('[data-action="new-ticket"]').click();
  const dialog = page.getByRole('dialog', { name: s(lang, 'support.tickets.createTitle') });
  await dialog.waitFor();
  await dialog.getByLabel(`${s(lang, 'support.ticket.title')} *`).fill(title);
  await dialog.getByLabel(`${s(lang, 'support.ticket.description')} *`).fill(`${title}: what happened, step by step.`);
  if (priority) await dialog.getByLabel(s(lang, 'support.ticket.priority')).selectOption(priority);
  await dialog.locator('button[type="submit"]').click();
  await toastText(page, 'success', s(lang, 'toast.supportCreated'));
  await dialog.waitFor({ state: 'detached' });
}

for (const lang of ['en', 'es'] as const satisfies readonly Lang[]) {
  describe(`the support screen (${lang})`, () => {
    it('has three tabs by the ARIA pattern, with the Knowledge Base empty state', async () => {
      const { context, page, errors } = await screenPage(browser(), states[lang]!, lang);
      await openApp(page, '/support');
      expect(await page.locator('#main h1').textContent()).toBe(s(lang, 'support.title'));
      expect(await page.getByRole('tab').allTextContents()).toEqual([
        s(lang, 'support.tab.helpCenter'),
        s(lang, 'support.tab.requests'),
        s(lang, 'support.tab.knowledgeBase'),
      ]);
      expect(await tab(page, 'help-center').getAttribute('aria-selected')).toBe('true');
      expect(await tab(page, 'requests').getAttribute('tabindex')).toBe('-1');
      await tab(page, 'help-center').focus();
      await page.keyboard.press('ArrowRight');
      expect(await tab(page, 'requests').getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tab'))).toBe('requests');
      await page.keyboard.press('End');
      expect(await tab(page, 'knowledge-base').getAttribute('aria-selected')).toBe('true');
      const panel = page.getByRole('tabpanel');
      expect(await panel.getAttribute('aria-labelledby')).toBe(await tab(page, 'knowledge-base').getAttribute('id'));
      await panel.getByText(s(lang, 'support.kb.empty.title')).waitFor();
      await panel.getByText(s(lang, 'support.kb.empty.description')).waitFor();
      if (lang === 'en') {
        expect(await panel.textContent()).toContain("We're adding answers soon");
        expect(await panel.textContent()).toContain('Check back later!');
      }
      await page.keyboard.press('ArrowRight');
      expect(await tab(page, 'help-center').getAttribute('aria-selected')).toBe('true');
      expect(errors).toEqual([]);
      await context.close();
    });

    it("creates tickets, shows the agent or 'Unassigned', opens one with the agent's comment and adds a comment", async () => {
      const { context, page, errors } = await screenPage(browser(), states[lang]!, lang);
      await openApp(page, '/support');
      await page.getByText(s(lang, 'support.tickets.empty.title')).waitFor();

      // Title and description are required; category and priority start at general and medium.
      await page.locator('[data-action="new-ticket"]').click();
      const dialog = page.getByRole('dialog', { name: s(lang, 'support.tickets.createTitle') });
      expect(await dialog.getByLabel(s(lang, 'support.ticket.category')).inputValue()).toBe('general');
      expect(await dialog.getByLabel(s(lang, 'support.ticket.priority')).inputValue()).toBe('medium');
      await dialog.locator('button[type="submit"]').click();
      expect(await dialog.getByText(s(lang, 'support.ticket.required')).count()).toBe(2);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await createTicket(page, lang, 'Card payment declined', 'high');
      await createTicket(page, lang, 'Question about fees');
      const tickets = page.locator('[data-ticket]');
      await tickets.nth(1).waitFor();
      const urgent = tickets.filter({ hasText: 'Card payment declined' });
      const normal = tickets.filter({ hasText: 'Question about fees' });
      expect(await urgent.locator('[data-agent]').textContent()).toBe('Sofía Ramírez');
      expect(await urgent.locator('[data-priority]').textContent()).toBe(s(lang, 'support.ticket.priority.high'));
      expect(await normal.locator('[data-agent]').textContent()).toBe(s(lang, 'support.ticket.unassigned'));
      expect(await normal.locator('[data-priority]').textContent()).toBe(s(lang, 'support.ticket.priority.medium'));
      expect(await normal.textContent()).toContain(s(lang, 'support.ticket.category.general'));
      expect(await normal.locator('[data-status]').textContent()).toBe(s(lang, 'support.ticket.status.open'));

      // The ticket view: the agent's reply with the Agent badge; then our own comment.
      await urgent.getByRole('button').click();
      const view = page.getByRole('dialog', { name: 'Card payment declined' });
      const agentComment = view.locator('[data-comment]').filter({ has: page.locator('[data-agent-badge]') });
      await agentComment.first().waitFor();
      expect(await agentComment.locator('[data-author]').first().textContent()).toBe('Sofía Ramírez');
      expect(await agentComment.locator('[data-agent-badge]').first().textContent()).toBe(s(lang, 'support.comments.agent'));
      // The agent's internal note is never shown to the owner.
      expect(await view.getByText('Auto-triage').count()).toBe(0);

      await view.getByLabel(s(lang, 'support.comments.add')).fill('The card is a debit card from my bank.');
      await view.locator('form[data-form="comment"] button[type="submit"]').click();
      const mine = view.locator('[data-comment]').filter({ hasText: 'The card is a debit card from my bank.' });
      await mine.waitFor();
      expect(await mine.locator('[data-agent-badge]').count()).toBe(0);
      expect(((await mine.locator('[data-author]').textContent()) ?? '').length).toBeGreaterThan(0);
      expect(await view.getByLabel(s(lang, 'support.comments.add')).inputValue()).toBe('');
      if (lang === 'en') await screenshot(page, 'support-ticket-en');

      // It is still there after reopening.
      await page.keyboard.press('Escape');
      await view.waitFor({ state: 'detached' });
      await urgent.getByRole('button').click();
      await page.getByRole('dialog').locator('[data-comment]').filter({ hasText: 'The card is a debit card from my bank.' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('lists feature requests by score with upvote and unvote only, and submits a request with the length rules', async () => {
      const { context, page, errors } = await screenPage(browser(), states[lang]!, lang);
      await openApp(page, '/support#requests');
      const items = page.locator('#main li[data-id]');
      await items.first().waitFor();
      const scores = await items.locator('[data-score]').evaluateAll((els) => els.map((e) => Number(/-?\d+$/.exec(e.textContent.trim())![0])));
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      // The support view has no downvote control.
      expect(await page.locator('#main [data-vote="down"]').count()).toBe(0);

      // Upvote an item we have not voted on: +1 at once and 'Vote recorded!'; again: Unvote.
      const item = items.filter({ has: page.locator('[data-vote="up"][aria-pressed="false"]') }).first();
      const id = await item.getAttribute('data-id');
      const row = page.locator(`#main li[data-id="${id}"]`);
      const up = row.locator('[data-vote="up"]');
      const count = Number(await up.locator('[data-count="up"]').textContent());
      await up.click();
      await toastText(page, 'success', s(lang, 'toast.voteRecorded.title'));
      expect(await up.getAttribute('aria-pressed')).toBe('true');
      expect(Number(await up.locator('[data-count="up"]').textContent())).toBe(count + 1);
      expect(await up.getAttribute('aria-label')).toContain(s(lang, 'featureRequests.unvote'));
      await page.waitForFunction((sel) => !document.querySelector(sel)?.hasAttribute('disabled'), `#main li[data-id="${id}"] [data-vote="up"]`);
      await up.click();
      await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('aria-pressed') === 'false', `#main li[data-id="${id}"] [data-vote="up"]`);
      expect(Number(await up.locator('[data-count="up"]').textContent())).toBe(count);
      await page.waitForFunction((sel) => !document.querySelector(sel)?.hasAttribute('disabled'), `#main li[data-id="${id}"] [data-vote="up"]`);

      // Submit: disabled until title 5-200 and description 10-2000, with live counters.
      await page.locator('[data-action="submit-feature"]').click();
      const dialog = page.getByRole('dialog', { name: s(lang, 'featureRequests.submit.title') });
      await dialog.waitFor();
      const submit = dialog.locator('button[type="submit"]');
      expect(await submit.isDisabled()).toBe(true);
      expect(await dialog.getByText('0/200', { exact: true }).count()).toBe(1);
      expect(await dialog.getByText('0/2000', { exact: true }).count()).toBe(1);
      const title = lang === 'en' ? 'Price alerts by SMS' : 'Alertas de precio por SMS';
      await dialog.locator('input[name="title"]').fill('Tiny');
      await dialog.getByText(s(lang, 'featureRequests.validation.titleMin')).waitFor();
      await dialog.locator('input[name="title"]').fill(title);
      await dialog.getByText(`${title.length}/200`, { exact: true }).waitFor();
      await dialog.locator('textarea[name="description"]').fill('Too short');
      await dialog.getByText(s(lang, 'featureRequests.validation.descriptionMin')).waitFor();
      expect(await submit.isDisabled()).toBe(true);
      const description = 'Send me a text message when an asset I follow moves more than 5 percent.';
      await dialog.locator('textarea[name="description"]').fill(description);
      await dialog.getByText(`${description.length}/2000`, { exact: true }).waitFor();
      expect(await submit.isDisabled()).toBe(false);
      await submit.click();
      await toastText(page, 'success', s(lang, 'toast.featureRequestSubmitted'));
      await dialog.waitFor({ state: 'detached' });
      await items.filter({ hasText: title }).waitFor();
      if (lang === 'en') await screenshot(page, 'support-requests-en');
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
