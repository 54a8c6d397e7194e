/**
 * Wires the operator into a Manager: four controllers on the shared informers, the indexes
 * their watch map functions use, and the manager's Event recorder for "dojo-operator".
 *
 *   dojo            For Dojo; Owns Deployment, Database (CloudNativePG); Watches Secrets (the
 *                   credentials), Pods (by the Dojo's selector labels), DiscordChannels (alarms)
 *   discordserver   For DiscordServer
 *   discordgroup    For DiscordGroup;   Watches DiscordServer -> the groups that reference it
 *   discordchannel  For DiscordChannel; Watches DiscordGroup  -> the channels that reference it
 *
 * A child never polls for its parent: the parent's watch event maps to the child's key.
 * The CloudNativePG Database CRD must be served before `manager.start()`: its informer has to
 * list databases for the caches to sync.
 */
import type { KubeObject } from '@dojo/kube-api';
import { formatObjectKey, parseObjectKey } from '@dojo/kube-api';
import type { DiscordClient } from '@dojo/discord';
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager, type Request } from '@dojo/runtime';
import { defaultPostgresCluster } from './api/cnpg.ts';
import type { DiscordChannel, DiscordGroup } from './api/discord-resources.ts';
import type { Dojo } from './api/dojo.ts';
import { cnpgDatabases, operatorResourceTypes, operatorTypes } from './api/resource-types.ts';
import { operatorCrds } from './crd-manifests.ts';
import { channelStrategy } from './discord/channel-strategy.ts';
import { DiscordObjectReconciler } from './discord/discord-object-reconciler.ts';
import { connectDiscord, discordOptions } from './discord/discord-simulator-service.ts';
import { groupStrategy } from './discord/group-strategy.ts';
import { serverStrategy } from './discord/server-strategy.ts';
import { dojoNameFromLabels } from './dojo/dojo-deployment.ts';
import { DojoReconciler } from './dojo/dojo-reconciler.ts';
import { listedUnder, type OperatorModule } from './operator-module.ts';

export interface OperatorOptions {
  discord: DiscordClient;
  /** The app image of Dojos without spec.image. */
  defaultImage?: string;
  /** The CloudNativePG Cluster every Dojo's Database lives in. */
  postgresCluster?: string;
  /** How often Ready Discord objects are compared with Discord (drift correction). Default 30 s. */
  discordResyncMs?: number;
  /** How soon a Dojo waiting for its credentials Secret looks again (a watch usually comes first). Default 10 s. */
  credentialsRetryMs?: number;
  /** How long Discord is trusted to remember a message nonce. Default 2 min. */
  alarmNonceWindowMs?: number;
  /** Workers per controller. Default `defaultMaxConcurrentReconciles`. */
  maxConcurrentReconciles?: number;
  /**
   * Whether the cluster serves CloudNativePG's `postgresql.cnpg.io/v1` Database (default true).
   * When false the Dojo controller does not watch Databases (a watch on a kind nobody serves
   * would hold the cache sync until it times out) and Postgres Dojos report Degraded.
   */
  databaseServed?: boolean;
  /** Where Events go; by default the manager's recorder (core/v1 Events, off the reconcile path). */
  events?: EventRecorder;
}

export interface OperatorControllers {
  dojo: Controller;
  discordServer: Controller;
  discordGroup: Controller;
  discordChannel: Controller;
}

/**
 * A Dojo pass spends most of its time waiting: its one write is answered after the API server's
 * durable commit. With controller-runtime's default of one worker, 1,000 Dojos created at once
 * kept the Dojo queue ~1,000 deep while the process sat idle (the convergence benchmark); a few
 * workers overlap those waits. A key is still never reconciled by two workers at once.
 */
export const defaultMaxConcurrentReconciles = 4;

export const defaultDojoImage = 'ghcr.io/jutsu/dojo-app:1.0.0';

const index = {
  dojoCredentials: 'core.jutsu.com/credentials',
  dojoAlarmChannel: 'core.jutsu.com/alarm-channel',
  groupServer: 'core.jutsu.com/server',
  channelGroup: 'core.jutsu.com/group',
};

export function registerOperator(manager: Manager, options: OperatorOptions): OperatorControllers {
  manager.apiClient.types.register(...operatorResourceTypes);
  const events = options.events ?? manager.eventRecorderFor('dojo-operator');
  const workers = { maxConcurrentReconciles: options.maxConcurrentReconciles ?? defaultMaxConcurrentReconciles };
  const discordDeps = { client: manager.client, discord: options.discord, clock: manager.clock, events, resyncMs: options.discordResyncMs ?? 30_000 };

  const dojos = manager.informers.informerFor<Dojo>(operatorTypes.dojos);
  // Index functions run inside the informer: they must not throw, even on an object a schema did not check.
  dojos.addIndexer(index.dojoCredentials, (dojo) => {
    const ref = dojo.spec?.credentialsRef;
    return ref ? [formatObjectKey({ namespace: ref.namespace || dojo.metadata.namespace, name: ref.name })] : [];
  });
  dojos.addIndexer(index.dojoAlarmChannel, (dojo) => {
    const ref = dojo.spec?.alarms?.channelRef;
    return ref ? [formatObjectKey({ namespace: ref.namespace || dojo.metadata.namespace, name: ref.name })] : [];
  });
  const groups = manager.informers.informerFor<DiscordGroup>(operatorTypes.discordGroups);
  groups.addIndexer(index.groupServer, (group) =>
    group.spec?.serverRef ? [formatObjectKey({ namespace: group.metadata.namespace, name: group.spec.serverRef.name })] : [],
  );
  const channels = manager.informers.informerFor<DiscordChannel>(operatorTypes.discordChannels);
  channels.addIndexer(index.channelGroup, (channel) =>
    channel.spec?.groupRef ? [formatObjectKey({ namespace: channel.metadata.namespace, name: channel.spec.groupRef.name })] : [],
  );

  const databaseServed = options.databaseServed ?? true;
  const dojoBuilder = ControllerBuilder.create(manager).for(operatorTypes.dojos).owns(builtinTypes.deployments);
  if (databaseServed) dojoBuilder.owns(cnpgDatabases);
  const dojo = dojoBuilder
    .watches(builtinTypes.secrets, (secret) => requestsFor(dojos.store.byIndex(index.dojoCredentials, keyOf(secret))))
    .watches(builtinTypes.pods, dojoOfPod)
    .watches(operatorTypes.discordChannels, (channel) => requestsFor(dojos.store.byIndex(index.dojoAlarmChannel, keyOf(channel))))
    .named('dojo')
    .withOptions(workers)
    .complete(
      new DojoReconciler({
        client: manager.client,
        discord: options.discord,
        clock: manager.clock,
        events,
        options: {
          defaultImage: options.defaultImage ?? defaultDojoImage,
          postgresCluster: options.postgresCluster ?? defaultPostgresCluster,
          credentialsRetryMs: options.credentialsRetryMs ?? 10_000,
          alarmNonceWindowMs: options.alarmNonceWindowMs ?? 120_000,
          databaseServed,
        },
      }),
    );

  const discordServer = ControllerBuilder.create(manager)
    .for(operatorTypes.discordServers)
    .named('discordserver')
    .withOptions(workers)
    .complete(new DiscordObjectReconciler(serverStrategy, discordDeps));

  const discordGroup = ControllerBuilder.create(manager)
    .for(operatorTypes.discordGroups)
    .watches(operatorTypes.discordServers, (server) => requestsFor(groups.store.byIndex(index.groupServer, keyOf(server))))
    .named('discordgroup')
    .withOptions(workers)
    .complete(new DiscordObjectReconciler(groupStrategy, discordDeps));

  const discordChannel = ControllerBuilder.create(manager)
    .for(operatorTypes.discordChannels)
    .watches(operatorTypes.discordGroups, (group) => requestsFor(channels.store.byIndex(index.channelGroup, keyOf(group))))
    .named('discordchannel')
    .withOptions(workers)
    .complete(new DiscordObjectReconciler(channelStrategy, discordDeps));

  return { dojo, discordServer, discordGroup, discordChannel };
}

/** The Dojo operator as operators.ts lists it. */
export const dojoOperator = {
  name: 'dojo',
  seed: '000',
  description: 'the Dojo operator: Deployment, CloudNativePG Database, Discord alarms sent exactly once',
  options: discordOptions,
  crds: operatorCrds,
  async register(manager, context) {
    // A cluster without CloudNativePG still runs the operator; its Postgres Dojos say why they wait.
    const databaseServed = await context.serves(cnpgDatabases.group, cnpgDatabases.version, cnpgDatabases.resource);
    if (!databaseServed) context.warn('the cluster does not serve postgresql.cnpg.io/v1 Database (CloudNativePG is not installed): Dojos will report Degraded');
    const controllers = registerOperator(manager, { discord: await connectDiscord(context), databaseServed });
    return [
      listedUnder(controllers.dojo, operatorTypes.dojos),
      listedUnder(controllers.discordServer, operatorTypes.discordServers),
      listedUnder(controllers.discordGroup, operatorTypes.discordGroups),
      listedUnder(controllers.discordChannel, operatorTypes.discordChannels),
    ];
  },
} satisfies OperatorModule;

function keyOf(object: KubeObject): string {
  return formatObjectKey({ namespace: object.metadata.namespace, name: object.metadata.name ?? '' });
}

function requestsFor(objects: readonly KubeObject[]): Request[] {
  return objects.map((o) => parseObjectKey(keyOf(o)));
}

/** A Dojo's pods carry its selector labels (set on the Deployment's template). */
function dojoOfPod(pod: KubeObject): Request[] {
  const name = dojoNameFromLabels(pod.metadata.labels);
  return name ? [{ namespace: pod.metadata.namespace, name }] : [];
}
