/**
 * Hostile text from Discord reaches the console as text, never as markup: payloads in guild,
 * group and channel names, in a channel topic, in messages the bot posts through Discord's
 * API, and in a Dojo title that the operator's alarm quotes. Chromium shows them all and no
 * script runs: no payload's `window.__xss` is set, no dialog opens, and the page's CSP never
 * has to block anything (it would only hide a bug, not fix it).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { consoleApi, saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { discordSimulator } from './support/discord-simulator.ts';

const messagePayloads = [
  `<img src=x onerror="window.__xss='img';alert('img')">`,
  `<script>window.__xss='script';alert('script')</script>`,
  `<a href="javascript:window.__xss='href'">open</a>`,
  `[open](javascript:window.__xss='markdown';alert(1))`,
  `"><svg onload="window.__xss='svg';alert('svg')">`,
  `'><iframe srcdoc="<script>parent.__xss='iframe'</script>"></iframe>`,
  `<IMG SRC=x OnErRoR=alert('case')>`,
  `<img src=x onerror=&#x77;indow.__xss='entity'>`,
  `&lt;img src=x onerror="window.__xss='escaped'"&gt;`,
  `＜script＞window.__xss='fullwidth'＜/script＞`,
  `<scr\u200bipt>window.__xss='zero-width'</scr\u200bipt>`,
  `\u202e>"'edirrevo'=ssx__.wodniw"=rorreno x=crs gmi<`,
];

// Within the CRDs' limits (names 100 characters, a Dojo title 128), and unique per run: the
// e2e data directory keeps what earlier runs created.
const namePayloads = (suffix: string) => ({
  guild: `<img src=x onerror="window.__xss='guild'"> ${suffix}`,
  group: `"><svg onload="window.__xss='group'"> ${suffix}`,
  // Discord keeps text-channel names lower case without spaces.
  channel: `<script>window.__xss='channel'</script>${suffix}`,
  topic: `<img src=x onerror="window.__xss='topic'"> [topic](javascript:alert('topic'))`,
  title: `<img src=x onerror="window.__xss='title';alert('title')"><script>alert('title')</script> ${suffix}`,
});

interface Ready {
  status?: { id?: string; conditions?: { type: string; status: string }[] };
}

async function createAndWaitReady(request: APIRequestContext, plural: string, object: Record<string, unknown>): Promise<Ready> {
  const api = consoleApi(request);
  const collection = `/api/kube/apis/core.jutsu.com/v1/namespaces/default/${plural}`;
  const created = await api.post(collection, { apiVersion: 'core.jutsu.com/v1', metadata: { namespace: 'default' }, ...object });
  expect(created.status(), await created.text()).toBe(201);
  const name = (object.metadata as { name: string }).name;
  let current: Ready = {};
  await expect
    .poll(
      async () => {
        current = (await (await api.get(`${collection}/${name}`)).json()) as Ready;
        return current.status?.conditions?.find((c) => c.type === 'Ready')?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('True');
  return current;
}

/** Records what a successful injection would leave behind, from before the app's first script. */
async function watchForScripts(page: Page): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  return { dialogs };
}

/** Nothing ran, and nothing that could run made it into the DOM. */
async function expectNoScriptRan(page: Page, dialogs: string[]): Promise<void> {
  // Image errors and load events fire asynchronously: give any injected handler its chance.
  await page.waitForTimeout(500);
  const found = await page.evaluate(() => {
    const w = window as unknown as { __xss?: unknown; __cspViolations: string[] };
    const elements = Array.from(document.querySelectorAll('*'));
    return {
      xss: w.__xss,
      cspViolations: w.__cspViolations,
      inlineHandlers: elements
        .filter((el) => Array.from(el.attributes).some((a) => a.name.toLowerCase().startsWith('on')))
        .map((el) => el.outerHTML.slice(0, 120)),
      inlineScripts: Array.from(document.querySelectorAll('script:not([src])')).map((s) => s.outerHTML.slice(0, 120)),
      frames: document.querySelectorAll('iframe, object, embed').length,
      scriptLinks: Array.from(document.querySelectorAll('a[href]'))
        .map((a) => a.getAttribute('href')!)
        .filter((href) => /^\s*javascript:/i.test(href)),
    };
  });
  expect(found).toEqual({ xss: undefined, cspViolations: [], inlineHandlers: [], inlineScripts: [], frames: 0, scriptLinks: [] });
  expect(dialogs).toEqual([]);
}

test.describe('hostile text from Discord', () => {
  test('is shown as text in the Discord simulator’s panel and on the Dojo, and no script runs', async ({ page, request }) => {
    test.setTimeout(180_000);
    const suffix = uniqueName('xss');
    const sim = await discordSimulator();
    await sim.clearFaults();

    const hostile = namePayloads(suffix);
    await createAndWaitReady(request, 'discordservers', { kind: 'DiscordServer', metadata: { name: `srv-${suffix}` }, spec: { name: hostile.guild } });
    await createAndWaitReady(request, 'discordgroups', {
      kind: 'DiscordGroup',
      metadata: { name: `grp-${suffix}` },
      spec: { name: hostile.group, serverRef: { name: `srv-${suffix}` } },
    });
    const channel = await createAndWaitReady(request, 'discordchannels', {
      kind: 'DiscordChannel',
      metadata: { name: `ch-${suffix}` },
      spec: { name: hostile.channel, topic: hostile.topic, groupRef: { name: `grp-${suffix}` } },
    });
    const channelId = channel.status!.id!;
    for (const payload of messagePayloads) expect((await sim.postMessage(channelId, payload)).content).toBe(payload);

    // Mongo is unsupported: the Dojo becomes Degraded, and its alarm quotes the title.
    const dojo = `xss-${suffix}`;
    const created = await consoleApi(request).post('/api/kube/apis/core.jutsu.com/v1/namespaces/default/dojos', {
      apiVersion: 'core.jutsu.com/v1',
      kind: 'Dojo',
      metadata: { name: dojo, namespace: 'default' },
      spec: {
        accountId: 'acct-xss',
        title: hostile.title,
        database: 'Mongo',
        credentialsRef: { name: 'dojo-postgres-app' },
        alarms: { channelRef: { name: `ch-${suffix}` } },
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const { dialogs } = await watchForScripts(page);
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Simulators' }).click();
    await page.getByRole('navigation', { name: 'Discord servers' }).getByRole('button', { name: hostile.guild, exact: true }).click();
    const channels = page.getByRole('navigation', { name: `Channels of ${hostile.guild}` });
    await expect(channels.getByRole('heading', { name: hostile.group, exact: true })).toBeVisible();
    await channels.getByRole('button', { name: hostile.channel }).click();
    await expect(page.getByRole('heading', { name: `# ${hostile.channel}`, exact: true })).toBeVisible();
    // The operator appends its ownership marker to the topic.
    await expect(page.getByText(hostile.topic)).toBeVisible();

    const messages = page.getByRole('list', { name: `Messages in #${hostile.channel}` });
    await expect(messages.getByRole('listitem').filter({ hasText: `("${hostile.title}")` })).toHaveCount(1, { timeout: 60_000 });
    // Exactly the characters posted, not a parsed and re-serialized version of them.
    const shown = await messages.locator('li p').allTextContents();
    for (const payload of messagePayloads) expect(shown).toContain(payload);
    await saveScreenshot(page, 'discord-xss');
    await expectNoScriptRan(page, dialogs);

    // The printer columns show spec.name and spec.title in the resource lists.
    const lists = [
      { plural: 'dojos', text: hostile.title },
      { plural: 'discordservers', text: hostile.guild },
      { plural: 'discordgroups', text: hostile.group },
      { plural: 'discordchannels', text: hostile.channel },
    ];
    for (const { plural, text } of lists) {
      await page.goto(`/resources/core.jutsu.com/v1/${plural}`);
      await expect(page.getByRole('cell', { name: text, exact: true })).toBeVisible();
      await expectNoScriptRan(page, dialogs);
    }
    for (const tab of ['', '?tab=yaml', '?tab=events']) {
      await page.goto(`/resources/core.jutsu.com/v1/dojos/default/${dojo}${tab}`);
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(dojo) })).toBeVisible();
      // YAML may quote the title; the markup in it is still there, as text.
      if (tab === '?tab=yaml') await expect(page.getByLabel('Object YAML')).toContainText('<img src=x onerror=');
      await expectNoScriptRan(page, dialogs);
    }
    await page.goto(`/resources/core.jutsu.com/v1/discordchannels/default/ch-${suffix}?tab=yaml`);
    await expect(page.getByLabel('Object YAML')).toContainText('<script>window.__xss=');
    await expectNoScriptRan(page, dialogs);
  });
});
