/**
 * The Manager (controller-runtime's `manager`): one per process. It owns the API client, the
 * shared informers, the journal and the metrics, and runs the controllers.
 *
 * Promises:
 * - `start()` starts the informers and resolves once their caches have synced; only then do
 *   controllers run, so a reconcile never sees an empty cache that is merely not filled yet.
 * - With leader election, controllers run only while this process holds the Lease; informers
 *   (and so the console's views) run on every replica. A leader that loses the Lease stops
 *   its controllers and reports unhealthy, like controller-runtime, which exits: a new
 *   process campaigns again.
 * - `stop()` stops controllers first (letting reconciles in flight finish), then releases the
 *   Lease, then stops the informers.
 * - `client` reads from the caches and writes to the API server; the cache may be stale.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { KubeConfig } from '@kubernetes/client-node';
import type { ControllerState } from '@dojo/console-protocol';
import { realClock, type Clock } from '../clock/clock.ts';
import type { ControllerHost, WatchSource } from '../builder/controller-host.ts';
import type { Relation } from '../builder/enqueue-handlers.ts';
import { CachedReader } from '../client/cached-reader.ts';
import type { Client } from '../client/client.ts';
import { DelegatingClient } from '../client/delegating-client.ts';
import { KubeClient } from '../client/kube-client.ts';
import type { ResourceTypeRegistry } from '../client/resource-type.ts';
import type { Controller } from '../controller/controller.ts';
import type { ControllerMetricsProvider } from '../controller/controller-metrics.ts';
import { EventBroadcaster } from '../events/event-broadcaster.ts';
import type { EventRecorder, EventSource } from '../events/event-recorder.ts';
import { InformerFactory } from '../informer/informer-factory.ts';
import type { InformerState } from '../informer/shared-informer.ts';
import { LeaderElector, type LeaderElectionTiming } from '../leader/leader-elector.ts';
import { LeaseLock } from '../leader/lease-lock.ts';
import { createRuntimeMetrics, type RuntimeMetrics } from '../metrics/runtime-metrics.ts';
import type { PredicateCounts } from '../predicate/counting-predicate.ts';
import { Journal } from '../telemetry/journal.ts';
import type { WatcherOptions } from '../watcher/watcher.ts';
import { DiscardingJournal } from './discarding-journal.ts';
import { check, healthReport, type HealthReport } from './health.ts';

export interface LeaderElectionOptions extends LeaderElectionTiming {
  /** The Lease's name, e.g. "dojo-operator-leader". */
  leaseName: string;
  /** Defaults to the kubeconfig context's namespace. */
  leaseNamespace?: string;
  /** Unique per process; hostname plus a random suffix by default. */
  identity?: string;
  releaseOnCancel?: boolean;
}

export interface ManagerOptions {
  kubeConfig: KubeConfig;
  clock?: Clock;
  /** Where telemetry goes; a new 10 000-record journal by default. */
  journal?: Journal;
  /** false records nothing (metrics stay on); for measuring what telemetry costs. */
  telemetry?: boolean;
  metrics?: RuntimeMetrics;
  types?: ResourceTypeRegistry;
  /** Watch namespaced types in this namespace only. */
  namespace?: string;
  resyncPeriodMs?: number;
  watcher?: WatcherOptions;
  /** Field manager of writes made outside reconciles (reconciles write as their controller). */
  fieldManager?: string;
  leaderElection?: LeaderElectionOptions;
  /** How long `start()` waits for caches (default 2 min, as controller-runtime). */
  cacheSyncTimeoutMs?: number;
  /** Called once this process lost the Lease and stopped its controllers. */
  onLostLeadership?: () => void;
}

export type ManagerPhase = 'new' | 'syncing' | 'running' | 'stopping' | 'stopped';

/** One watch feeding a controller and what its predicates passed and dropped so far. */
export interface WatchSourceInfo {
  readonly relation: Relation;
  readonly kind: string;
  readonly resource: string;
  readonly predicates: PredicateCounts;
}

export interface ControllerInfo {
  readonly name: string;
  readonly state: ControllerState;
  readonly sources: readonly WatchSourceInfo[];
}

export interface ManagerState {
  readonly phase: ManagerPhase;
  readonly leaderElection?: { readonly identity: string; readonly isLeader: boolean; readonly leader: string; readonly lost: boolean };
  readonly informers: readonly InformerState[];
}

interface Registered {
  readonly controller: Controller;
  readonly sources: readonly WatchSource[];
}

export class Manager implements ControllerHost {
  /** For reconcilers: cached reads, API writes. */
  readonly client: Client;
  /** Straight to the API server, reads included. */
  readonly apiClient: KubeClient;
  readonly informers: InformerFactory;
  readonly journal: Journal;
  readonly metrics: RuntimeMetrics;
  readonly clock: Clock;
  readonly #controllers: Map<string, Registered>;
  readonly #elector: LeaderElector | undefined;
  readonly #options: ManagerOptions;
  readonly #stop = new AbortController();
  #phase: ManagerPhase = 'new';
  #synced = false;
  #leading = false;
  #lostLeadership = false;
  #election: Promise<void> | undefined;
  #events: EventBroadcaster | undefined;

  private constructor(
    options: ManagerOptions,
    parts: { apiClient: KubeClient; journal: Journal; metrics: RuntimeMetrics; controllers: Map<string, Registered>; informers: InformerFactory },
  ) {
    this.#options = options;
    this.clock = options.clock ?? realClock;
    this.apiClient = parts.apiClient;
    this.journal = parts.journal;
    this.metrics = parts.metrics;
    this.informers = parts.informers;
    this.#controllers = parts.controllers;
    this.client = new DelegatingClient(new CachedReader(this.informers, this.apiClient), this.apiClient);
    const election = options.leaderElection;
    this.#elector = election
      ? new LeaderElector({
          ...election,
          clock: this.clock,
          identity: election.identity ?? `${hostname()}_${randomUUID()}`,
          lock: new LeaseLock(this.apiClient, election.leaseNamespace ?? this.apiClient.defaultNamespace, election.leaseName),
          callbacks: { onStartedLeading: () => this.#startLeading(), onStoppedLeading: () => this.#stopLeading() },
        })
      : undefined;
  }

  static async create(options: ManagerOptions): Promise<Manager> {
    const clock = options.clock ?? realClock;
    const telemetry = options.telemetry ?? true;
    const journal = telemetry ? (options.journal ?? new Journal({ clock })) : new DiscardingJournal();
    const metrics = options.metrics ?? createRuntimeMetrics();
    // The client and the informers refer to each other (conflict records read the cache, the
    // cache lists through the client); the controllers map is filled in by add().
    const controllers = new Map<string, Registered>();
    const late: { informers?: InformerFactory } = {};
    const apiClient = await KubeClient.create({
      kubeConfig: options.kubeConfig,
      clock,
      metrics: metrics.restClient,
      ...(telemetry ? { journal } : {}),
      ...(options.types ? { types: options.types } : {}),
      ...(options.fieldManager ? { fieldManager: options.fieldManager } : {}),
      writeFaults: (name) => controllers.get(name)?.controller.faults,
      cachedObject: (type, key) => late.informers?.cachedObject(type, key),
    });
    const informers = (late.informers = new InformerFactory(apiClient, {
      clock,
      ...(telemetry ? { journal } : {}),
      ...(options.namespace ? { namespace: options.namespace } : {}),
      ...(options.resyncPeriodMs ? { resyncPeriodMs: options.resyncPeriodMs } : {}),
      ...(options.watcher ? { watcher: options.watcher } : {}),
    }));
    return new Manager(options, { apiClient, journal, metrics, controllers, informers });
  }

  get controllerMetrics(): ControllerMetricsProvider {
    return this.metrics;
  }

  /** Registers a controller (the builder calls this); it runs once the manager runs and leads. */
  add(controller: Controller, sources: readonly WatchSource[] = []): void {
    if (this.#controllers.has(controller.name)) throw new Error(`a controller named "${controller.name}" is already registered`);
    this.#controllers.set(controller.name, { controller, sources });
    if (this.#phase === 'running' && this.#mayReconcile()) controller.start();
  }

  controller(name: string): Controller | undefined {
    return this.#controllers.get(name)?.controller;
  }

  controllers(): ControllerInfo[] {
    return [...this.#controllers.values()].map(({ controller, sources }) => ({
      name: controller.name,
      state: controller.state(),
      sources: sources.map(sourceInfo),
    }));
  }

  /** One controller's watches with their predicate counts, without snapshotting its queue. */
  watchSources(name: string): WatchSourceInfo[] {
    return (this.#controllers.get(name)?.sources ?? []).map(sourceInfo);
  }

  /**
   * A recorder whose Events name `source` as their reporter (controller-runtime's
   * GetEventRecorderFor). All of them share one broadcaster, written through `apiClient` outside
   * every reconcile and closed when the manager stops.
   */
  eventRecorderFor(source: EventSource | string): EventRecorder {
    this.#events ??= new EventBroadcaster(this.apiClient, { clock: this.clock });
    return this.#events.recorderFor(source);
  }

  /** Starts informers, waits for their caches, then runs controllers (or campaigns to lead). */
  async start(): Promise<void> {
    if (this.#phase !== 'new') throw new Error(`the manager was already started (${this.#phase})`);
    this.#phase = 'syncing';
    this.informers.start();
    await this.#waitForCaches();
    this.#synced = true;
    if (this.#stop.signal.aborted) return;
    this.#phase = 'running';
    if (this.#elector) this.#election = this.#elector.run(this.#stop.signal);
    else this.#startLeading();
  }

  async stop(): Promise<void> {
    if (this.#phase === 'stopping' || this.#phase === 'stopped') return;
    this.#phase = 'stopping';
    this.#stop.abort(new Error('manager stopped'));
    // A leader's elector stops the controllers before it releases the Lease; stopping them
    // again is a no-op, and shuts down the queues of controllers that never ran.
    if (this.#election) await this.#election;
    await this.#stopControllers();
    await this.informers.stop();
    this.#events?.close();
    this.apiClient.close();
    this.#phase = 'stopped';
  }

  isLeader(): boolean {
    return this.#elector ? this.#elector.isLeader() : this.#phase === 'running';
  }

  /** This process's identity in leader election, if it campaigns. */
  get identity(): string | undefined {
    return this.#elector?.identity;
  }

  /** The holder of the Lease as last observed ("" for nobody), if leader election is on. */
  leader(): string | undefined {
    return this.#elector?.state().leader;
  }

  /** Liveness: fails once this process lost the Lease (it must be restarted to campaign again). */
  healthz(): HealthReport {
    return healthReport([
      check('ping', true, ''),
      check('leader-election', !this.#lostLeadership, 'lost the leader election lease; restart to campaign again'),
    ]);
  }

  /** Readiness: caches synced and not stopping. */
  readyz(): HealthReport {
    const running = this.#phase === 'running';
    return healthReport([
      check('informers-synced', this.#synced, 'waiting for informer caches to sync'),
      check('running', running, `manager is ${this.#phase}`),
    ]);
  }

  state(): ManagerState {
    const election = this.#elector?.state();
    return {
      phase: this.#phase,
      ...(election
        ? { leaderElection: { identity: election.identity, isLeader: election.isLeader, leader: election.leader, lost: this.#lostLeadership } }
        : {}),
      informers: this.informers.state(),
    };
  }

  async #waitForCaches(): Promise<void> {
    const timeoutMs = this.#options.cacheSyncTimeoutMs ?? 120_000;
    const waiting = new AbortController();
    const timer = this.clock.setTimer(timeoutMs, () =>
      waiting.abort(new Error(`timed out after ${timeoutMs} ms waiting for caches to sync: ${this.#unsynced()}`)),
    );
    const stopped = (): void => waiting.abort(this.#stop.signal.reason);
    this.#stop.signal.addEventListener('abort', stopped, { once: true });
    try {
      await this.informers.waitForCacheSync(waiting.signal);
    } finally {
      timer.cancel();
      this.#stop.signal.removeEventListener('abort', stopped);
    }
  }

  #unsynced(): string {
    return this.informers
      .state()
      .filter((s) => !s.synced)
      .map((s) => `${s.kind}${s.lastError ? ` (${s.lastError})` : ''}`)
      .join(', ');
  }

  #mayReconcile(): boolean {
    return this.#elector ? this.#leading : true;
  }

  #startLeading(): void {
    this.#leading = true;
    for (const { controller } of this.#controllers.values()) controller.start();
  }

  async #stopLeading(): Promise<void> {
    this.#leading = false;
    const lost = !this.#stop.signal.aborted;
    if (lost) this.#lostLeadership = true;
    await this.#stopControllers();
    if (lost) this.#options.onLostLeadership?.();
  }

  async #stopControllers(): Promise<void> {
    await Promise.all([...this.#controllers.values()].map(({ controller }) => controller.stop()));
  }
}

function sourceInfo(source: WatchSource): WatchSourceInfo {
  return { relation: source.relation, kind: source.kind, resource: source.resource, predicates: source.counts() };
}
