/**
 * Issue #20 item 7: any object can be edited as YAML and applied with server-side apply (field
 * manager dojo-console), dry run first; fields other managers own are listed with their owner,
 * and taking them over ("force") is an explicit choice.
 */
import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn, uniqueName } from './support/console.ts';
import { kubeApi } from './support/kube-api.ts';
import { fruitsPath, readFruit } from './support/objects.ts';

test.describe('YAML edit and server-side apply', () => {
  test('dry-runs, applies, lists fields another manager owns, and forces only when asked', async ({ page }) => {
    const name = uniqueName('applied');
    const created = await kubeApi().post(`${fruitsPath}?fieldManager=kubectl`, {
      apiVersion: 'user.k8sasdb.org/v1',
      kind: 'Fruit',
      metadata: { name, namespace: 'default' },
      spec: { weight: 100, color: 'red' },
    });
    expect(created.status, created.body).toBe(201);
    await signIn(page);
    await page.goto(`/resources/user.k8sasdb.org/v1/fruits/default/${name}?tab=yaml`);
    await page.getByRole('button', { name: 'Edit and apply' }).click();
    const editor = page.getByRole('region', { name: 'Apply YAML' });
    const yaml = editor.getByLabel('YAML to apply');
    await expect(yaml).toHaveValue(/weight: 100/);
    await expect(yaml).not.toHaveValue(/resourceVersion|managedFields/);

    // A field nobody owns: applied after a dry run that shows the change.
    await yaml.fill((await yaml.inputValue()).replace('color: red', 'color: red\n  comment: from the console'));
    await editor.getByRole('button', { name: 'Review changes (dry run)' }).click();
    await expect(editor.getByLabel('Changes the apply would make')).toContainText('added: comment: from the console');
    expect((await readFruit(name)).spec).toEqual({ weight: 100, color: 'red' });
    await editor.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(editor.getByRole('status')).toContainText('Applied');
    const afterApply = await readFruit(name);
    expect(afterApply.spec.comment).toBe('from the console');
    expect(afterApply.metadata.managedFields?.map((m) => m.manager)).toContain('dojo-console');

    // A field kubectl owns: listed with its owner; nothing changes until force is chosen.
    await yaml.fill((await yaml.inputValue()).replace('weight: 100', 'weight: 250'));
    await editor.getByRole('button', { name: 'Review changes (dry run)' }).click();
    const conflicts = editor.getByRole('alert', { name: 'Apply conflicts' });
    await expect(conflicts.getByRole('row', { name: /\.spec\.weight/ })).toContainText('kubectl');
    await saveScreenshot(page, 'yaml-apply-conflicts');
    expect((await readFruit(name)).spec.weight).toBe(100);
    await conflicts.getByRole('button', { name: 'Review with force (dry run)' }).click();
    await expect(editor.getByLabel('Changes the apply would make')).toContainText('added: weight: 250');
    await editor.getByRole('button', { name: 'Apply with force' }).click();
    await expect(editor.getByRole('status')).toContainText('Applied');
    expect((await readFruit(name)).spec.weight).toBe(250);

    await editor.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByLabel('Object YAML')).toContainText('weight: 250');
  });

  test('explains YAML that does not parse, and an invalid value, without writing anything', async ({ page }) => {
    const name = uniqueName('badyaml');
    expect(
      (await kubeApi().post(fruitsPath, { apiVersion: 'user.k8sasdb.org/v1', kind: 'Fruit', metadata: { name, namespace: 'default' }, spec: { weight: 5 } }))
        .status,
    ).toBe(201);
    await signIn(page);
    await page.goto(`/resources/user.k8sasdb.org/v1/fruits/default/${name}?tab=yaml`);
    await page.getByRole('button', { name: 'Edit and apply' }).click();
    const editor = page.getByRole('region', { name: 'Apply YAML' });
    const yaml = editor.getByLabel('YAML to apply');
    const text = await yaml.inputValue();
    await yaml.fill(`${text}\n  : [`);
    await expect(yaml).toHaveAttribute('aria-invalid', 'true');
    await expect(editor.getByRole('button', { name: 'Review changes (dry run)' })).toBeDisabled();
    await yaml.fill(text.replace('weight: 5', 'weight: 0'));
    await editor.getByRole('button', { name: 'Review changes (dry run)' }).click();
    await expect(editor.getByRole('alert')).toContainText('spec.weight');
    expect((await readFruit(name)).spec.weight).toBe(5);
  });
});
