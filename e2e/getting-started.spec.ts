/**
 * Issue #34 item 12 (item 6, the 390 px pages with a client and a Fields tab, is in
 * first-open.spec.ts): the header's namespace picker reads whole; Getting started's command
 * blocks show as boxes in both themes, keep every character reachable on a phone, and copy
 * their command.
 */
import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('the header and Getting started (issue 34 item 12)', () => {
  test('the namespace picker reads whole, and command blocks are boxes that copy and never clip', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const ns = uniqueName('cmd');
    expect((await kubeApi().post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } })).status).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    const picker = page.getByRole('banner').getByLabel('Namespace');
    // The select is at least as wide as one sized to its chosen option: nothing of "All namespaces" is cut.
    const fits = () =>
      picker.evaluate((select: HTMLSelectElement) => {
        const probe = select.cloneNode(true) as HTMLSelectElement;
        probe.style.cssText = 'position: absolute; visibility: hidden; max-width: none; width: auto; field-sizing: content';
        probe.value = select.value;
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return select.getBoundingClientRect().width - needed;
      });
    expect(await fits()).toBeGreaterThanOrEqual(-0.5);

    await picker.selectOption(ns);
    const start = page.getByRole('region', { name: 'Getting started' });
    const kubectl = start.getByLabel('kubectl command');
    await expect(kubectl).toBeVisible();
    // Every character reachable: the block wraps or scrolls inside itself, the page does not.
    expect(await kubectl.evaluate((el) => ({ clipped: el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === 'hidden' }))).toEqual({
      clipped: false,
    });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    // A path breaks at its separators, not inside a word.
    const path = start.getByTestId('kubeconfig-path');
    expect(await path.evaluate((el) => getComputedStyle(el).overflowWrap + ' ' + getComputedStyle(el).wordBreak)).not.toContain('break-all');

    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
      // A box: its background differs from the page's behind it, or it has a visible border.
      const box = await kubectl.evaluate((el) => {
        const own = getComputedStyle(el);
        let under: Element | null = el.parentElement;
        while (under && getComputedStyle(under).backgroundColor === 'rgba(0, 0, 0, 0)') under = under.parentElement;
        return {
          background: own.backgroundColor,
          behind: under ? getComputedStyle(under).backgroundColor : '',
          border: own.borderTopWidth !== '0px' && own.borderTopStyle !== 'none' ? own.borderTopColor : '',
        };
      });
      expect(box.background !== box.behind || (box.border !== '' && box.border !== box.behind), `${theme}: ${JSON.stringify(box)}`).toBe(true);
      await saveScreenshot(page, `getting-started-390-${theme}`);
    }

    await kubectl.locator('xpath=..').getByRole('button', { name: 'Copy' }).click();
    await expect(start.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await kubectl.textContent());
  });
});
