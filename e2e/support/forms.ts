/** Filling the generated create forms the way a person does: by label, field by field. */
import { expect, type Page } from '@playwright/test';

export async function openCreateForm(page: Page, kind: string, plural: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' }).click();
  await page.getByRole('link', { name: new RegExp(`^${kind} ${plural}`) }).click();
  await page.getByRole('link', { name: `Create ${kind}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Create ${kind}` })).toBeVisible();
}

/** Waits for the server's dry run to accept the draft, submits, and lands on the new object. */
export async function submitCreate(page: Page, kind: string, name: string): Promise<void> {
  await expect(page.getByText('The server accepts this draft (dry run).')).toBeVisible();
  await page
    .getByRole('form', { name: `Create ${kind}` })
    .getByRole('button', { name: `Create ${kind}` })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(name) })).toBeVisible();
}

/**
 * The Secret CloudNativePG writes for the application role of the operator's Postgres cluster
 * (`<cluster>-app`, the cluster being the operator's default `dojo-postgres`): the credentials a
 * person picks for a Dojo.
 */
export const clusterCredentials = 'dojo-postgres-app';

export interface DojoFields {
  name: string;
  credentials?: string;
  title?: string;
  replicas?: number;
  database?: 'Postgres' | 'Mongo';
  alarmChannel?: string;
}

export async function createDojo(page: Page, dojo: DojoFields): Promise<void> {
  await openCreateForm(page, 'Dojo', 'dojos');
  const form = page.getByRole('form', { name: 'Create Dojo' });
  await form.getByLabel('Name', { exact: true }).first().fill(dojo.name);
  await form.getByLabel('Account ID').fill('acct-e2e');
  await form.getByLabel('Title').fill(dojo.title ?? `Dojo ${dojo.name}`);
  if (dojo.database) await form.getByLabel('Database').selectOption(dojo.database);
  await form.getByLabel('Credentials ref Name', { exact: true }).fill(dojo.credentials ?? clusterCredentials);
  if (dojo.replicas !== undefined) await form.getByLabel('Replicas').fill(String(dojo.replicas));
  if (dojo.alarmChannel) await form.getByLabel('Channel ref Name', { exact: true }).fill(dojo.alarmChannel);
  await submitCreate(page, 'Dojo', dojo.name);
}

/** Fills `spec.name` and one `*Ref` for the Discord kinds. */
export async function createDiscordObject(
  page: Page,
  kind: string,
  plural: string,
  name: string,
  displayName: string,
  ref?: { group: string; name: string },
): Promise<void> {
  await openCreateForm(page, kind, plural);
  const form = page.getByRole('form', { name: `Create ${kind}` });
  await form.getByRole('group', { name: 'Metadata' }).getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Spec Name', { exact: true }).fill(displayName);
  if (ref) await form.getByLabel(`${ref.group} Name`, { exact: true }).fill(ref.name);
  await submitCreate(page, kind, name);
}

/** Scales the object on screen with its detail page's scale control, and waits for the answer. */
export async function scaleTo(page: Page, replicas: number): Promise<void> {
  await page.getByLabel('Desired replicas').fill(String(replicas));
  await page.getByRole('button', { name: 'Scale' }).click();
  await expect(page.getByText(`Scaled to ${replicas}.`)).toBeVisible();
}

/** Waits on an object's detail page until its Available condition is True. */
export async function waitUntilAvailable(page: Page, timeout = 60_000): Promise<void> {
  await expect(page.getByRole('table', { name: 'Conditions' }).getByRole('row', { name: /Available\s+True/ })).toBeVisible({ timeout });
}
