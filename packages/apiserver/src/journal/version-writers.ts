/**
 * Who wrote the current version of each object, as far as the journal saw: the answer to
 * "which write won?" when a client gets a 409. Exact for every write the journal recorded;
 * for a version written before (or by the server itself), the newest managedFields entry names
 * the manager, which is what kube-apiserver itself could say.
 *
 * Bounded: past `capacity` objects the one first seen longest ago is forgotten (it falls back
 * to managedFields).
 */
import type { VersionWriter } from '@dojo/console-protocol';
import type { KubeObject } from '@dojo/kube-api';

interface Written {
  readonly rv: string;
  readonly writer: VersionWriter;
}

export class VersionWriters {
  readonly #capacity: number;
  readonly #byObject = new Map<string, Written>();

  constructor(capacity = 200_000) {
    this.#capacity = capacity;
  }

  /** `object`: group/resource/namespace/name — the status subresource writes the same object. */
  wrote(object: string, rv: string, writer: VersionWriter): void {
    this.#byObject.set(object, { rv, writer });
    if (this.#byObject.size > this.#capacity) this.#byObject.delete(this.#byObject.keys().next().value!);
  }

  /** The writer of `current` (the version stored now). */
  writerOf(object: string, current: KubeObject): VersionWriter | undefined {
    const written = this.#byObject.get(object);
    if (written && written.rv === current.metadata.resourceVersion) return written.writer;
    const manager = newestManager(current);
    return manager === undefined ? undefined : { fieldManager: manager, source: 'managedFields' };
  }
}

/** The manager of the newest managedFields entry (later entries win ties: second precision). */
function newestManager(object: KubeObject): string | undefined {
  let best: { manager?: string; time?: string } | undefined;
  for (const entry of object.metadata.managedFields ?? []) {
    if (!best || (entry.time ?? '') >= (best.time ?? '')) best = entry;
  }
  return best?.manager;
}
