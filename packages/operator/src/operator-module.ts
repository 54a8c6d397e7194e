/**
 * One operator this repository runs — the Dojo operator or one of the seeds' examples — as one
 * object (controller-runtime's `SetupWithManager`, made a value): its name, seed and what it
 * teaches, its CRDs, and how it adds its controllers to a Manager. operators.ts lists them all;
 * the CLI's `--operators` flag and help, the server's wiring and README's operator table are
 * read from that list, so nothing outside a module names it.
 *
 * A module with an external system declares its settings in `options` (flags, help: the CLI
 * parser and `--help` read them) and finds their values in `context.settings`.
 *
 * Misuse: a module must not start anything in `crds()`; what it starts in `register` beside
 * the cluster (a simulator of the external system it manages) goes into `context.services`,
 * which the server prints, lists for the console and closes. A module's settings, flags and
 * simulators are named nowhere outside its folder (operators.one-folder.test.ts).
 */
import type { KubeObject } from '@dojo/kube-api';
import type { Controller, Manager, ResourceType } from '@dojo/runtime';
import type { ModuleOption } from './flag-declaration.ts';
import type { ModuleServices } from './operator-services.ts';

export interface OperatorModule {
  /** What `--operators` takes, e.g. "kafkatopic". */
  readonly name: string;
  /** The seed (`seeds/NNN_*.txt`) it comes from, e.g. "004". */
  readonly seed: string;
  /** What it teaches in the console, one line (Markdown): `--help` and README's table show it. */
  readonly description: string;
  /** Its page under docs/, linked from README's table. */
  readonly docs?: string;
  /** Its own settings: `dojo-console up` takes their flags and `--help` lists them. */
  readonly options?: readonly ModuleOption[];
  /** The CRDs that must be served (and Established) before the manager starts. */
  crds(): KubeObject[];
  /** Adds its controllers (and their indexes) to the manager; answers those the console lists. */
  register(manager: Manager, context: OperatorContext): Promise<readonly OperatorController[]>;
}

/** A controller as the console lists it, under the kind it reconciles. */
export interface OperatorController {
  readonly controller: Controller;
  readonly forKind: { readonly group: string; readonly version: string; readonly kind: string };
}

/** What the process offers every operator it registers. */
export interface OperatorContext {
  /** The values of the module's own `options` that were given, by `key`. */
  readonly settings: OperatorSettings;
  /**
   * A secret the host keeps for the module across restarts (a 0600 file in its data dir, named
   * `name`), created on first use; `preset` (e.g. from the environment) wins when given.
   */
  token(name: string, preset?: string): string;
  /** Where the module may keep state across restarts: a file of the host's data dir. */
  statePath(name: string): string;
  /** The process environment, for a credential a person gives the usual way (DISCORD_BOT_TOKEN). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether the cluster serves a resource (e.g. CloudNativePG's Database), from discovery. */
  serves(group: string, version: string, resource: string): Promise<boolean>;
  /** Tells the person starting the console about something that will not work. */
  warn(message: string): void;
  /** Where a module puts what it starts beside the cluster. */
  readonly services: ModuleServices;
}

/** A module's parsed `options`: only those given appear. */
export type OperatorSettings = Readonly<Record<string, string>>;

/** `controller`, listed under the kind of `type`. */
export function listedUnder(controller: Controller, type: ResourceType): OperatorController {
  return { controller, forKind: { group: type.group, version: type.version, kind: type.kind } };
}
