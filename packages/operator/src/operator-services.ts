/**
 * What operators started beside the cluster — a simulator of the external system an example
 * manages — kept by name so that the server prints where each one listens and closes them all
 * on stop. A `ServiceSlot` is the typed name: the module that starts a service and the code
 * that uses it (a test reading the broker's state) agree on its type through it.
 */

export interface Closable {
  close(): Promise<void>;
}

/** How the server introduces a service when it starts: "Kafka:      http://... (broker simulator)". */
export interface ServiceInfo {
  readonly label: string;
  readonly url: string;
  readonly note?: string;
}

export class ServiceSlot<T extends Closable> {
  // Never read: it only ties the slot to the type of what it holds.
  declare readonly holds?: T;

  constructor(readonly name: string) {}
}

export class OperatorServices {
  readonly #byName = new Map<string, { service: Closable; info: ServiceInfo }>();

  add<T extends Closable>(slot: ServiceSlot<T>, service: T, info: ServiceInfo): T {
    if (this.#byName.has(slot.name)) throw new Error(`a service named "${slot.name}" was already started`);
    this.#byName.set(slot.name, { service, info });
    return service;
  }

  get<T extends Closable>(slot: ServiceSlot<T>): T | undefined {
    return this.#byName.get(slot.name)?.service as T | undefined;
  }

  /** In the order they were started. */
  list(): ServiceInfo[] {
    return [...this.#byName.values()].map((s) => s.info);
  }

  /** Closes every service, last started first. */
  async close(): Promise<void> {
    for (const { service } of [...this.#byName.values()].reverse()) await service.close();
    this.#byName.clear();
  }
}
