/**
 * @dojo/operator — the Dojo operator (group core.jutsu.com/v1): CRD manifests and reconcilers
 * for Dojo, DiscordServer, DiscordGroup and DiscordChannel, plus the other seeds' examples
 * (examples/: Application, SecSynch, KafkaTopic with its broker simulator, Fruit).
 *
 * Promises:
 * - Reconcilers are level-based and idempotent, never write spec, write status through the
 *   status subresource, and make one write per iteration.
 * - A 409 Conflict is normal: it requeues quietly.
 * - Slow external work is never awaited inside a reconcile; it requeues after a delay.
 *
 * More precisely (README.md has the details):
 * - A Dojo alarm is posted exactly once per transition into Degraded or out of Available, across
 *   restarts and conflicts: raised as Pending in the status write that records the transition,
 *   posted with a Discord nonce derived from the Dojo uid and alarm id, then marked Sent.
 * - Discord objects are never duplicated: before creating, the operator looks for one it made
 *   earlier (ownership marker in a guild's description or a channel's topic; a category by name).
 * - `credentialsRef` names the Secret CloudNativePG produces for the Database owner; the
 *   mapping from a Dojo to its Database is in api/cnpg.ts.
 *
 * Misuse: the CloudNativePG Database CRD must be served before the manager starts (the Dojo
 * controller watches Databases); one `registerOperator` per Manager.
 *
 * Every operator is one `OperatorModule` ({ name, seed, description, crds(), register() });
 * operators.ts lists them, and the server, its CLI and README read that list. A module declares
 * its own settings (`options`: flag-declaration.ts) and starts its simulators through
 * `context.services` (operator-services.ts), which the host lists, relays and closes.
 *
 * Contents: operators.ts (the registry), operator-module.ts, operator-services.ts (what
 * modules start beside the cluster), api/ (types, resource types, the CloudNativePG mapping),
 * dojo/ (plan -> reconciler), discord/ (one generic reconciler + a strategy per kind),
 * dojo-operator.ts (the Dojo operator's module), examples/ (one folder per example).
 * Events go through the runtime's recorder (`manager.eventRecorderFor`).
 *
 * Entry points: "." (this file), "./kafka-broker" (the Kafka broker simulator alone), and for
 * other packages' tests "./testing/operator-test-env", "./testing/discord-fixtures",
 * "./testing/simulated-cluster".
 */
export { operators, operatorNames } from './operators.ts';
export { listedUnder, type OperatorContext, type OperatorController, type OperatorModule, type OperatorSettings } from './operator-module.ts';
export { OperatorServices, ServiceSlot, type Closable, type ModuleServices, type RunningService, type ServiceInfo } from './operator-services.ts';
export { parseArgsOption, type FlagDeclaration, type ModuleOption } from './flag-declaration.ts';
export type { SimulatorControl } from './simulator-control.ts';
export { kafkaBrokerService } from './examples/kafkatopic/register-kafkatopic-operator.ts';
export { discordSimulatorService } from './discord/discord-simulator-service.ts';
export { crdDirectory, operatorCrds } from './crd-manifests.ts';
export { registerOperator, dojoOperator, defaultDojoImage, type OperatorControllers, type OperatorOptions } from './dojo-operator.ts';
export { cnpgDatabases, operatorResourceTypes, operatorTypes } from './api/resource-types.ts';
export { credentialsSecretOf, databaseNameFor, defaultPostgresCluster, type CnpgDatabase, type CnpgDatabaseSpec } from './api/cnpg.ts';
export type {
  AlarmState,
  Dojo,
  DojoAlarm,
  DojoAlarmStatus,
  DojoConditionType,
  DojoDatabase,
  DojoSpec,
  DojoStatus,
  ObjectReference,
  SecretReference,
} from './api/dojo.ts';
export type {
  DiscordChannel,
  DiscordChannelSpec,
  DiscordChannelStatus,
  DiscordConditionType,
  DiscordGroup,
  DiscordGroupSpec,
  DiscordGroupStatus,
  DiscordObjectStatus,
  DiscordResource,
  DiscordServer,
  DiscordServerSpec,
  LocalObjectReference,
} from './api/discord-resources.ts';
export { DojoReconciler, type DojoReconcilerDeps } from './dojo/dojo-reconciler.ts';
export { planDojo, type DojoAction, type DojoPlan, type DojoPlanOptions } from './dojo/dojo-plan.ts';
export { alarmNonce } from './dojo/dojo-alarms.ts';
export { DiscordObjectReconciler, discordFinalizer, type DiscordObjectReconcilerDeps } from './discord/discord-object-reconciler.ts';
export type { DiscordKindStrategy, ParentState } from './discord/discord-kind-strategy.ts';
export { serverStrategy } from './discord/server-strategy.ts';
export { groupStrategy } from './discord/group-strategy.ts';
export { channelStrategy } from './discord/channel-strategy.ts';
