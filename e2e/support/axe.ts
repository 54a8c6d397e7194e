/** axe-core's WCAG 2.1 A and AA rules over the page as it is (#20 item 12): one line per node that fails. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ') ?? v.help}`));
}
