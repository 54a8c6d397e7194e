/**
 * Issue 34's rough edges in words and links: a reconcile triggered by a Pod being created says
 * "created", not "spec changed (an edit)".
 */
import { expect, test } from '@playwright/test';
import type { ReconcileStartRecord, TelemetryPage } from '@dojo/console-protocol';
import { consoleApi, signIn, uniqueName } from './support/console.ts';
import { createDeployment } from './support/objects.ts';

test('a reconcile triggered by a Pod being created says "created", not "an edit"', async ({ page, request }) => {
  const api = consoleApi(request);
  const before = ((await (await api.get('/api/telemetry?limit=1')).json()) as TelemetryPage).lastSeq;
  const name = uniqueName('added');
  await createDeployment(name, 1);

  // The ReplicaSet controller's reconcile that its new Pod's ADDED event triggered.
  let reconcileId = '';
  await expect
    .poll(
      async () => {
        const page = (await (await api.get(`/api/telemetry?sinceSeq=${before}&types=reconcile-start&limit=2000`)).json()) as TelemetryPage;
        const starts = page.records.filter((r): r is ReconcileStartRecord => r.type === 'reconcile-start');
        const hit = starts.find((r) => r.triggers.some((t) => t.event === 'ADDED' && t.kind === 'Pod' && (t.key ?? t.object?.name ?? '').includes(name)));
        reconcileId = hit?.reconcileId ?? '';
        return reconcileId;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');

  await signIn(page);
  await page.goto(`/timeline?reconcile=${reconcileId}`);
  const triggers = page.getByRole('region', { name: 'Selected reconcile' }).getByRole('region', { name: 'Triggers' });
  const podTrigger = triggers.getByRole('listitem').filter({ hasText: 'ADDED' }).filter({ hasText: 'Pod' }).first();
  await expect(podTrigger).toContainText('created');
  await expect(podTrigger).not.toContainText('spec changed');
});
