/**
 * What operators started beside the cluster — a simulator of the external system a module
 * manages — kept by name so that the server prints where each one listens, lists them for the
 * console (`GET /api/simulators`), relays their fault knobs, and closes them all on stop. A
 * `ServiceSlot` is the typed name: the module that starts a service and the code that uses it
 * (a test reading the broker's state) agree on its type through it.
 */
import type { SimulatorControl } from './simulator-control.ts';

export interface Closable {
  close(): Promise<void>;
}

/** How the server introduces a service when it starts: "Kafka:      http://... (broker simulator)". */
export interface ServiceInfo {
  readonly label: string;
  readonly url: string;
  readonly note?: string;
  /** Its state and fault knobs, when the console may relay them. */
  readonly control?: SimulatorControl;
}

/** A started service as the server lists it: its slot's name and the module that started it. */
export interface RunningService extends ServiceInfo {
  readonly name: string;
  readonly module: string;
}

export class ServiceSlot<T extends Closable> {
  // Never read: it only ties the slot to the type of what it holds.
  declare readonly holds?: T;

  constructor(readonly name: string) {}
}

/** One module's view of the services: what it adds is listed under its name. */
export interface ModuleServices {
  add<T extends Closable>(slot: ServiceSlot<T>, service: T, info: ServiceInfo): T;
  get<T extends Closable>(slot: ServiceSlot<T>): T | undefined;
}

export class OperatorServices {
  readonly #byName = new Map<string, { service: Closable; info: RunningService }>();

  /** What `module` is given as `context.services`. */
  forModule(module: string): ModuleServices {
    return { add: (slot, service, info) => this.#add(module, slot, service, info), get: (slot) => this.get(slot) };
  }

  get<T extends Closable>(slot: ServiceSlot<T>): T | undefined {
    return this.#byName.get(slot.name)?.service as T | undefined;
  }

  /** In the order they were started. */
  list(): RunningService[] {
    return [...this.#byName.values()].map((s) => s.info);
  }

  /** The service started in the slot named `name`, as listed. */
  byName(name: string): RunningService | undefined {
    return this.#byName.get(name)?.info;
  }

  /** Closes every service, last started first. */
  async close(): Promise<void> {
    for (const { service } of [...this.#byName.values()].reverse()) await service.close();
    this.#byName.clear();
  }

  #add<T extends Closable>(module: string, slot: ServiceSlot<T>, service: T, info: ServiceInfo): T {
    if (this.#byName.has(slot.name)) throw new Error(`a service named "${slot.name}" was already started`);
    this.#byName.set(slot.name, { service, info: { name: slot.name, module, ...info } });
    return service;
  }
}
