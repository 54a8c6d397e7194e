/**
 * A CRD upgrade as the console shows it, for any kind: every served version of KafkaTopic
 * (v1alpha1 deprecated, v1 preferred and storage), the same objects listed through either
 * version, and the API server's deprecation warning when a person writes at the old one.
 */
import { expect, test } from '@playwright/test';
import { submitCreate } from './support/forms.ts';
import { consoleApi, saveScreenshot, signIn, uniqueName } from './support/console.ts';

const deprecation = 'kafka.example.com/v1alpha1 KafkaTopic is deprecated; use kafka.example.com/v1 KafkaTopic';

test.describe('CRD versions', () => {
  test('shows both versions of KafkaTopic, lists the same objects through the deprecated one, and warns when creating there', async ({ page, request }) => {
    test.setTimeout(120_000);
    const existing = uniqueName('stored-v1');
    const created = await consoleApi(request).post('/api/kube/apis/kafka.example.com/v1/namespaces/default/kafkatopics', {
      apiVersion: 'kafka.example.com/v1',
      kind: 'KafkaTopic',
      metadata: { name: existing, namespace: 'default' },
      spec: { numPartitions: 1, replicationFactor: 1 },
    });
    expect(created.status()).toBe(201);

    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
    await page
      .getByRole('link', { name: /^KafkaTopic kafkatopics/ })
      .first()
      .click();
    await expect(page.getByText('kafkatopics.kafka.example.com/v1', { exact: true })).toBeVisible();

    const panel = page.getByRole('region', { name: 'Versions' });
    await expect(panel).toContainText('objects stored as: v1');
    await expect(panel).toContainText('conversion: None');
    const versions = panel.getByRole('table', { name: 'Versions of KafkaTopic' });
    const row = (version: string) => versions.getByRole('row').filter({ has: page.getByRole('link', { name: version, exact: true }) });
    await expect(row('v1')).toContainText('preferred');
    await expect(row('v1')).toContainText('storage');
    await expect(row('v1')).toContainText('current');
    await expect(row('v1alpha1')).toContainText('deprecated');
    await expect(row('v1alpha1')).toContainText(deprecation);
    await expect(row('v1alpha1')).not.toContainText('storage');
    const objects = page.getByRole('table', { name: 'KafkaTopic objects' });
    await expect(objects.getByRole('link', { name: existing })).toBeVisible();
    await saveScreenshot(page, 'crd-versions-v1');

    await versions.getByRole('link', { name: 'v1alpha1', exact: true }).click();
    await expect(page).toHaveURL(/\/resources\/kafka\.example\.com\/v1alpha1\/kafkatopics$/);
    await expect(page.getByText('kafkatopics.kafka.example.com/v1alpha1', { exact: true })).toBeVisible();
    await expect(versions.getByRole('link', { name: 'v1alpha1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(row('v1alpha1')).toContainText('current');
    await expect(objects.getByRole('link', { name: existing })).toBeVisible();
    await saveScreenshot(page, 'crd-versions-v1alpha1');

    // The object read through v1alpha1 says so: conversion None only rewrites apiVersion.
    await objects.getByRole('link', { name: existing }).click();
    await page.getByRole('tab', { name: 'YAML' }).click();
    await expect(page.getByLabel('Object YAML')).toContainText('apiVersion: kafka.example.com/v1alpha1');
    await page.getByRole('link', { name: 'KafkaTopic', exact: true }).click();

    const name = uniqueName('via-v1alpha1');
    await page.getByRole('link', { name: 'Create KafkaTopic' }).click();
    const form = page.getByRole('form', { name: 'Create KafkaTopic' });
    await form.getByLabel('Name', { exact: true }).first().fill(name);
    await form.getByLabel('Num partitions').fill('2');
    await form.getByLabel('Replication factor').fill('1');
    await submitCreate(page, 'KafkaTopic', name);
    const notice = page.getByRole('note', { name: 'API warning' }).filter({ hasText: deprecation });
    await expect(notice).toContainText(`Warning: ${deprecation}`);
    await expect(notice).toContainText('/apis/kafka.example.com/v1alpha1/namespaces/default/kafkatopics');
    await expect(page).toHaveURL(new RegExp(`/resources/kafka\\.example\\.com/v1alpha1/kafkatopics/default/${name}$`));
    await saveScreenshot(page, 'crd-versions-deprecation-warning');

    await notice.getByRole('button', { name: /^Dismiss warning/ }).click();
    await expect(page.getByRole('note', { name: 'API warning' })).toHaveCount(0);
  });
});
