/**
 * The client a reconciler gets (controller-runtime's delegating client): reads from the
 * informer caches through a CachedReader, writes straight to the API server.
 */
import type { KubeList, KubeObject, ObjectKey, Status } from '@dojo/kube-api';
import type { Client, DeleteOptions, GetOptions, ListOptions, ObjectReader, ObjectWriter, Patch, PatchOptions, WriteOptions } from './client.ts';
import type { ResourceType } from './resource-type.ts';

export class DelegatingClient implements Client {
  readonly #reader: ObjectReader;
  readonly #writer: ObjectWriter;

  constructor(reader: ObjectReader, writer: ObjectWriter) {
    this.#reader = reader;
    this.#writer = writer;
  }

  get<T extends KubeObject = KubeObject>(type: ResourceType, key: ObjectKey, options?: GetOptions): Promise<T> {
    return this.#reader.get<T>(type, key, options);
  }

  list<T extends KubeObject = KubeObject>(type: ResourceType, options?: ListOptions): Promise<KubeList<T>> {
    return this.#reader.list<T>(type, options);
  }

  create<T extends KubeObject>(type: ResourceType, object: T, options?: WriteOptions): Promise<T & KubeObject> {
    return this.#writer.create(type, object, options);
  }

  update<T extends KubeObject>(type: ResourceType, object: T, options?: WriteOptions): Promise<T & KubeObject> {
    return this.#writer.update(type, object, options);
  }

  updateStatus<T extends KubeObject>(type: ResourceType, object: T, options?: WriteOptions): Promise<T & KubeObject> {
    return this.#writer.updateStatus(type, object, options);
  }

  patch<T extends KubeObject = KubeObject>(type: ResourceType, key: ObjectKey, patch: Patch, options?: PatchOptions): Promise<T> {
    return this.#writer.patch<T>(type, key, patch, options);
  }

  delete(type: ResourceType, key: ObjectKey, options?: DeleteOptions): Promise<KubeObject | Status> {
    return this.#writer.delete(type, key, options);
  }
}
