/**
 * One operator this repository runs — the Dojo operator or one of the seeds' examples — as one
 * object (controller-runtime's `SetupWithManager`, made a value): its name, seed and what it
 * teaches, its CRDs, and how it adds its controllers to a Manager. operators.ts lists them all;
 * the CLI's `--operators` flag and help, the server's wiring and README's operator table are
 * read from that list, so nothing outside a module names it.
 *
 * Misuse: a module must not start anything in `crds()`; what it starts in `register` beside
 * the cluster (a simulator of the external system it manages) goes into `context.services`,
 * which the server prints and closes.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { DiscordClient } from '@dojo/discord';
import type { Controller, Manager, ResourceType } from '@dojo/runtime';
import type { OperatorServices } from './operator-services.ts';

export interface OperatorModule {
  /** What `--operators` takes, e.g. "kafkatopic". */
  readonly name: string;
  /** The seed (`seeds/NNN_*.txt`) it comes from, e.g. "004". */
  readonly seed: string;
  /** What it teaches in the console, one line (Markdown): `--help` and README's table show it. */
  readonly description: string;
  /** Its page under docs/, linked from README's table. */
  readonly docs?: string;
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
  /** Where external systems are, when the person starting the console named them. */
  readonly settings: OperatorSettings;
  /** The Discord API: the built-in simulator's, or the one given with `--discord-url`. */
  readonly discord: DiscordClient;
  /** Whether the cluster serves a resource (e.g. CloudNativePG's Database), from discovery. */
  serves(group: string, version: string, resource: string): Promise<boolean>;
  /** Tells the person starting the console about something that will not work. */
  warn(message: string): void;
  /** Where a module puts what it starts beside the cluster. */
  readonly services: OperatorServices;
}

export interface OperatorSettings {
  /** The Kafka admin REST API (`--kafka-url`); absent: a broker simulator is started. */
  readonly kafkaUrl?: string;
  /** The broker simulator's token, when the host keeps one (a file in its data dir); absent: one per run. */
  readonly kafkaBrokerToken?: string;
}

/** `controller`, listed under the kind of `type`. */
export function listedUnder(controller: Controller, type: ResourceType): OperatorController {
  return { controller, forKind: { group: type.group, version: type.version, kind: type.kind } };
}
