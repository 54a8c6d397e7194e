/**
 * A stand-in for CloudNativePG's Database controller: a real one creates the database inside
 * PostgreSQL; this one gives the Database the application credentials Secret
 * (`<cluster>-app`, app-secret.ts), owned by the Database so that deleting the Database takes
 * the Secret with it through the garbage collector, and reports `status.applied`.
 *
 * The Secret keeps its password across passes; a Secret of that name that belongs to someone
 * else is left alone and reported as the reason the Database is not applied.
 */
import { isControlledBy, isNotFound, type KubeObject, semanticEqual } from '@dojo/kube-api';
import { builtinTypes, type Client, type EventRecorder, type Reconciler, type Request, type Result } from '@dojo/runtime';
import { controllerRefTo } from '../core/owner-references.ts';
import { appSecret, appSecretName, decode, newPassword } from './app-secret.ts';
import { databases, type Database, type DatabaseStatus } from './database-types.ts';

const { secrets } = builtinTypes;

export class DatabaseReconciler implements Reconciler {
  readonly #client: Client;
  readonly #recorder: EventRecorder;

  constructor(client: Client, recorder: EventRecorder) {
    this.#client = client;
    this.#recorder = recorder;
  }

  async reconcile(request: Request): Promise<Result | void> {
    let db: Database;
    try {
      db = await this.#client.get<Database>(databases, request);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    if (db.metadata.deletionTimestamp) return;
    const message = await this.#ensureSecret(db);
    const status: DatabaseStatus = { ...db.status, applied: message === '', message, observedGeneration: db.metadata.generation ?? 0 };
    if (!semanticEqual(status, db.status)) await this.#client.updateStatus(databases, { ...db, status });
  }

  /** Makes the Secret match the Database; returns why it could not ("" when it did). */
  async #ensureSecret(db: Database): Promise<string> {
    const cluster = db.spec?.cluster?.name ?? '';
    if (!cluster) return 'spec.cluster.name is required';
    if (!db.spec?.name || !db.spec.owner) return 'spec.name and spec.owner are required';
    const namespace = db.metadata.namespace ?? '';
    const name = appSecretName(db.spec.owner);
    let existing: KubeObject | undefined;
    try {
      existing = await this.#client.get(secrets, { namespace, name });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    if (existing && !isControlledBy(existing, db)) return `secret "${name}" already exists and does not belong to this Database`;
    // `ensure: absent` drops the database, and with it the credentials to reach it.
    if (db.spec.ensure === 'absent') {
      if (existing) await this.#client.delete(secrets, { namespace, name }, { preconditions: { uid: existing.metadata.uid } });
      return '';
    }
    const password = existing ? decode(existing.data as Record<string, string>).password : undefined;
    const desired = appSecret({ namespace, cluster, dbname: db.spec.name, username: db.spec.owner, password: password || newPassword() });
    desired.metadata.ownerReferences = [controllerRefTo(db, databases)];
    if (!existing) {
      await this.#client.create(secrets, desired);
      this.#recorder.record(db, 'Normal', 'SecretCreated', `Created secret ${name} with the credentials of role ${db.spec.owner}`, { resource: databases });
    } else if (!semanticEqual(existing.data, desired.data) || existing.type !== desired.type) {
      await this.#client.update(secrets, {
        ...existing,
        data: desired.data,
        type: desired.type,
        metadata: { ...existing.metadata, labels: { ...existing.metadata.labels, ...desired.metadata.labels } },
      });
      this.#recorder.record(db, 'Normal', 'SecretUpdated', `Updated secret ${name} for database ${db.spec.name}`, { resource: databases });
    }
    return '';
  }
}
