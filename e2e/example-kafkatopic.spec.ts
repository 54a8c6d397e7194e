/**
 * Seed 004's KafkaTopic through the console: a resource outside the cluster (the broker
 * simulator), a CRD with two served versions, and CEL transition rules refusing an edit on the
 * form's field.
 */
import { expect, test } from '@playwright/test';
import { openCreateForm, submitCreate } from './support/forms.ts';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';

test.describe('the KafkaTopic example (seed 004)', () => {
  test('creates a topic on the broker, refuses shrinking it with the CEL message, and deletes it through the finalizer', async ({ page }) => {
    test.setTimeout(120_000);
    const name = uniqueName('orders');
    await signIn(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
    const group = page.getByRole('region', { name: 'kafka.example.com' });
    await expect(group.getByRole('link', { name: /^KafkaTopic kafkatopics/ }).first()).toBeVisible();
    await saveScreenshot(page, 'kafkatopic-resources');

    await openCreateForm(page, 'KafkaTopic', 'kafkatopics');
    const form = page.getByRole('form', { name: 'Create KafkaTopic' });
    await form.getByLabel('Name', { exact: true }).first().fill(name);
    await form.getByLabel('Num partitions').fill('3');
    await form.getByLabel('Replication factor').fill('2');
    await submitCreate(page, 'KafkaTopic', name);

    const conditions = page.getByRole('table', { name: 'Conditions' });
    await expect(conditions.getByRole('row', { name: /Ready/ })).toContainText('True', { timeout: 30_000 });
    await page.getByRole('tab', { name: 'YAML' }).click();
    await expect(page.getByLabel('Object YAML')).toContainText('kafka.example.com/topic');
    await saveScreenshot(page, 'kafkatopic-detail');

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Edit KafkaTopic' });
    const partitions = edit.getByLabel('Num partitions');
    await partitions.fill('1');
    await expect(page.getByText('numPartitions may only grow: Kafka cannot remove partitions')).toBeVisible();
    await saveScreenshot(page, 'kafkatopic-shrink-refused');
    await partitions.fill('6');
    await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();

    await page.getByRole('link', { name: 'KafkaTopic', exact: true }).click();
    const row = page.getByRole('table', { name: 'KafkaTopic objects' }).getByRole('row', { name: new RegExp(name) });
    // The Partitions column reads status, which the reconciler fills from the broker.
    await expect(row).toContainText('6', { timeout: 30_000 });

    await row.getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete KafkaTopic ${name}?` });
    await expect(dialog.getByText(/kafka\.example\.com\/topic/)).toBeVisible();
    await dialog.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByText(/does not exist \(any more\)/)).toBeVisible({ timeout: 30_000 });
  });
});
