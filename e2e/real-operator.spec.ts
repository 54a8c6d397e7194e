/**
 * k8s.io/sample-controller v0.37.1, upstream and unmodified (the binary test/operators builds
 * into the toolchain cache), connected from the UI and run as its own process with the
 * kubeconfig the Connect dialog shows — what a person does with their own operator. Its
 * client-go asks for streaming lists (WatchListClient is on by default from 1.35). A Foo then
 * shows, in the real UI: the operator's card under its connect name, its watches as streaming
 * lists, its lane in the Timeline with an inferred reconcile triggered by the Foo's ADDED event,
 * and the Deployment it made under the Foo in the owner tree.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { goInstall, requireToolchain, toolchainCacheDir } from '@dojo/toolchains';
import { parse } from 'yaml';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';

const version = 'v0.37.1';
const go = requireToolchain('go', 'e2e: k8s.io/sample-controller in the UI');

/**
 * `go install k8s.io/sample-controller@v0.37.1`, found in the cache after test/operators' first
 * run. As there, a local proxy answers `@v/list` (which this machine's module proxy refuses
 * with a 403) and passes the rest on.
 */
async function sampleController(): Promise<string> {
  const pins = toolchainCacheDir('go', 'goproxy-pins', `sample-controller-${version}`);
  mkdirSync(join(pins, 'k8s.io/sample-controller/@v'), { recursive: true });
  writeFileSync(join(pins, 'k8s.io/sample-controller/@v/list'), `${version}\n`);
  return goInstall('k8s.io/sample-controller', version, { env: { GOPROXY: `file://${pins}|https://proxy.golang.org` } });
}

/** The module's own CRD with the /status subresource its UpdateStatus needs, from the module cache. */
function sampleControllerCrd(): unknown {
  const modcache = execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim();
  return parse(readFileSync(join(modcache, `k8s.io/sample-controller@${version}`, 'artifacts/examples/crd-status-subresource.yaml'), 'utf8'));
}

function startSampleController(binary: string, kubeconfig: string): { child: ChildProcess; output: () => string } {
  const child = spawn(binary, ['-kubeconfig', kubeconfig, '-v=4'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

test.describe('a real operator, unmodified', () => {
  test.skip(!go, 'Go is missing');

  test('k8s.io/sample-controller shows its card, streaming-list watches, a reconcile from its Foo and the Deployment it made', async ({ page }) => {
    test.setTimeout(600_000);
    const binary = await sampleController();
    const operatorName = uniqueName('sample-controller');
    const namespace = uniqueName('foos');
    const api = kubeApi();
    const crdAnswer = await api.post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', sampleControllerCrd());
    expect([201, 409]).toContain(crdAnswer.status);
    expect((await api.post('/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } })).status).toBe(201);

    await signIn(page);
    await page.getByRole('button', { name: 'Connect an operator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect an operator' });
    await dialog.getByLabel('Name').fill(operatorName);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    const kubeconfig = (await dialog.getByTestId('kubeconfig-path').textContent())!.trim();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const operator = startSampleController(binary, kubeconfig);
    try {
      // Its informers' two watches, each a streaming list (no LIST first). A Foo created before
      // they are open would reach it through the initial events instead of an ADDED of its own.
      await page.goto(`/watches?client=${operatorName}`);
      const watches = page.getByRole('region', { name: operatorName }).getByRole('table', { name: 'Watches' });
      for (const resource of ['foos.samplecontroller.k8s.io', 'deployments.apps']) {
        await expect(watches.getByRole('row').filter({ hasText: resource }).filter({ hasText: 'open' })).toContainText('streaming list', { timeout: 60_000 });
      }
      await saveScreenshot(page, 'real-operator-watches');

      const created = await api.post(`/apis/samplecontroller.k8s.io/v1alpha1/namespaces/${namespace}/foos`, {
        apiVersion: 'samplecontroller.k8s.io/v1alpha1',
        kind: 'Foo',
        metadata: { name: 'example-foo' },
        spec: { deploymentName: 'example-foo', replicas: 1 },
      });
      expect(created.status, created.body).toBe(201);

      // Its card, under the name it was connected with.
      await page.goto('/');
      const card = page.getByRole('article', { name: `Client ${operatorName}` });
      await expect(card).toContainText('connected', { timeout: 30_000 });
      // The User-Agent client-go sends: the program's name.
      await expect(card).toContainText('sample-controller/');
      // The Overview is long; the card alone is what a person looks for.
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: 'test-results/screenshots/real-operator-card.png' });

      // Its lane, filtered to the reconciles a Foo's event triggered; among them, the Foo's first:
      // its ADDED event (the others are its own status writes coming back as MODIFIED).
      await page.goto(`/timeline?controller=${operatorName}&trigger=Foo`);
      const latest = page.getByRole('table', { name: 'Latest reconciles' });
      await expect(latest.getByText(new RegExp(`^${operatorName} #\\d+ \\(inferred\\)$`)).first()).toBeVisible({ timeout: 60_000 });
      await page.getByRole('toolbar', { name: 'Timeline controls' }).getByRole('button', { name: 'Pause view' }).click();
      const details = page.getByRole('region', { name: 'Selected reconcile' });
      const triggers = details.getByRole('region', { name: 'Triggers' });
      const passes = latest.getByRole('button', { name: `${namespace}/example-foo` });
      const seen: string[] = [];
      for (let i = (await passes.count()) - 1; i >= 0; i--) {
        await passes.nth(i).click();
        await expect(passes.nth(i)).toHaveAttribute('aria-pressed', 'true');
        await expect(triggers).toContainText(`Foo ${namespace}/example-foo`);
        const text = (await triggers.textContent()) ?? '';
        seen.push(text);
        if (/watch\s*ADDED/.test(text)) break;
      }
      expect(seen.at(-1), `the triggers of its reconciles of the Foo:\n${seen.join('\n')}`).toMatch(/watch\s*ADDED/);
      await expect(details.getByRole('region', { name: 'Inferred' })).toContainText(`Inferred from ${operatorName}'s requests`);
      await expect(details.getByRole('region', { name: 'API calls' })).toContainText('deployments');
      await saveScreenshot(page, 'real-operator-reconcile');

      // The Deployment it made, under the Foo.
      await page.goto(`/resources/samplecontroller.k8s.io/v1alpha1/foos/${namespace}/example-foo`);
      await expect(page.getByRole('region', { name: 'Owner tree' }).getByRole('link', { name: 'example-foo' }).nth(1)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('region', { name: 'Owner tree' })).toContainText('Deployment');
      await saveScreenshot(page, 'real-operator-owner-tree');
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- sample-controller's output ---\n${operator.output().slice(-4000)}`);
    } finally {
      operator.child.kill('SIGTERM');
    }
  });
});
