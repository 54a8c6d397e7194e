import { expect, test } from '@playwright/test';
import { createDiscordObject, createDojo } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('the Discord simulator on the Simulators page', () => {
  test('lists the Dojo operator’s Discord simulator, and the old Discord page’s URL lands there', async ({ page }) => {
    await signIn(page);
    await page.goto('/discord');
    await expect(page).toHaveURL(/\/simulators$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Simulators' })).toBeVisible();
    await expect(page.getByText('Started by the dojo operator module')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Simulator faults' })).toBeVisible();
  });

  test('sets the simulator fault rates', async ({ page }) => {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Simulators' }).click();
    const faults = page.getByRole('region', { name: 'Simulator faults' });
    await faults.getByLabel('429 rate (%)').fill('25');
    await faults.getByLabel('5xx rate (%)').fill('10');
    await faults.getByRole('button', { name: 'Apply Discord faults' }).click();
    await expect(faults.getByRole('status')).toHaveText('Now: 25% 429, 10% 5xx, 0 ms latency.');
    await faults.getByLabel('429 rate (%)').fill('0');
    await faults.getByLabel('5xx rate (%)').fill('0');
    await faults.getByRole('button', { name: 'Apply Discord faults' }).click();
    await expect(faults.getByRole('status')).toHaveText('Now: 0% 429, 0% 5xx, 0 ms latency.');
  });

  test('a server, group and channel created as resources appear in Discord, and a Degraded Dojo posts an alarm', async ({ page }) => {
    test.setTimeout(150_000);
    const suffix = uniqueName('d');
    const guild = `Dojo alarms ${suffix}`;
    await signIn(page);
    await createDiscordObject(page, 'DiscordServer', 'discordservers', `srv-${suffix}`, guild);
    await createDiscordObject(page, 'DiscordGroup', 'discordgroups', `grp-${suffix}`, 'Operations', { group: 'Server ref', name: `srv-${suffix}` });
    await createDiscordObject(page, 'DiscordChannel', 'discordchannels', `ch-${suffix}`, 'alarms', { group: 'Group ref', name: `grp-${suffix}` });
    await expect(page.getByRole('table', { name: 'Conditions' }).getByRole('row', { name: /Ready/ })).toContainText('True', { timeout: 60_000 });
    await expect(page.getByRole('region', { name: 'Owner tree' }).getByRole('link', { name: `grp-${suffix}` })).toBeVisible();

    // Mongo is unsupported: the Dojo becomes Degraded, which is worth one alarm.
    const dojo = `mongo-${suffix}`;
    await createDojo(page, { name: dojo, database: 'Mongo', alarmChannel: `ch-${suffix}` });
    await expect(page.getByRole('table', { name: 'Conditions' }).getByRole('row', { name: /Degraded/ })).toContainText('True', { timeout: 60_000 });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Simulators' }).click();
    await page.getByRole('navigation', { name: 'Discord servers' }).getByRole('button', { name: guild }).click();
    const channels = page.getByRole('navigation', { name: `Channels of ${guild}` });
    await expect(channels.getByRole('region', { name: 'Group Operations' })).toBeVisible();
    await channels.getByRole('button', { name: /alarms/ }).click();
    await expect(page.getByRole('list', { name: 'Messages in #alarms' }).getByRole('listitem').filter({ hasText: dojo })).toHaveCount(1, { timeout: 60_000 });
    await saveScreenshot(page, 'discord');
  });
});
