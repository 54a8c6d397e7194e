/**
 * Per-client view controls inside the API server (issue #31): pause / resume / step,
 * breakpoints, and the stale-view fault, for clients connected with `dojo-console connect`.
 *
 * Promises:
 * - Costs nothing when unused: a read does one map lookup (`readRevision`); a watch registers
 *   its gate once at open, and each event is then one field check on the gate.
 * - Only the named client is affected: the admin, ServiceAccounts, other clients and the
 *   console's own controllers never see a held event or an older read.
 * - State is in memory: a restart lifts every control (`keptSince` says since when it is kept),
 *   and so does removing the client's credential (checked every `liftCheckMs` while any
 *   control is in force), releasing whatever was held.
 */
import type { ClientViewCommand, ClientViewState } from '@dojo/console-protocol';
import { newBadRequest, newNotFound } from '@dojo/kube-api';
import type { ApiServerClock } from '../logs/log-clock.ts';
import { ClientView, type ReadRevision } from './client-view.ts';
import { RevisionTimeline } from './revision-timeline.ts';
import { WatchGate, type GatedWatchTarget } from './watch-gate.ts';

export interface ClientControlsDeps {
  /** The server's current revision, and the oldest one its history reaches back to. */
  revision(): number;
  oldestRevision(): number;
  /** Calls `listener` after each commit; returns the unsubscribe. */
  onCommit(listener: () => void): () => void;
  /** Whether `client` still has its credential (a kubeconfig in the clients directory). */
  isConnected(client: string): boolean;
  clock: ApiServerClock;
  liftCheckMs?: number;
}

/** The longest stale-view lag asked in seconds: an hour (history rarely reaches further). */
const maxStaleSeconds = 3600;

export class ClientControls {
  readonly keptSince: number;
  readonly #views = new Map<string, ClientView>();
  readonly #watches = new Map<string, Set<WatchGate>>();
  #order = 0;
  #timeline: { timeline: RevisionTimeline; stop: () => void } | undefined;
  #liftTimer: { cancel(): void } | undefined;

  constructor(private readonly deps: ClientControlsDeps) {
    this.keptSince = deps.clock.now();
  }

  /** Where a client's GETs and LISTs are answered from; undefined (the usual case): the latest state. */
  readRevision(client: string): ReadRevision | undefined {
    const view = this.#views.get(client);
    if (view === undefined) return undefined;
    if (view.paused) return { rev: view.paused.rev, reason: 'pause' };
    if (!view.stale) return undefined;
    const now = this.deps.revision();
    const rev =
      'behind' in view.stale ? now - view.stale.behind : (this.#timeline?.timeline.revisionAt(this.deps.clock.now() - view.stale.seconds * 1000) ?? now);
    // A lagging cache is never older than what it could have seen: the oldest revision kept.
    return { rev: Math.min(now, Math.max(rev, this.deps.oldestRevision())), reason: 'stale' };
  }

  /** Registers one watch of `client`; its gate's `offer` is the watch's sink. Close the gate when the watch ends. */
  openWatch(client: string, target: GatedWatchTarget): WatchGate {
    const gate = new WatchGate(
      target,
      this.deps.clock,
      () => ++this.#order,
      (g) => this.#closed(client, g),
    );
    let gates = this.#watches.get(client);
    if (!gates) this.#watches.set(client, (gates = new Set()));
    gates.add(gate);
    gate.policy = this.#views.get(client);
    return gate;
  }

  #closed(client: string, gate: WatchGate): void {
    const gates = this.#watches.get(client);
    gates?.delete(gate);
    if (gates?.size === 0) this.#watches.delete(client);
  }

  /** What is in force for `client` now. */
  state(client: string): ClientViewState {
    this.#requireConnected(client);
    return this.#describe(client);
  }

  command(client: string, command: ClientViewCommand): ClientViewState {
    this.#requireConnected(client);
    const view = this.#viewOf(client);
    const extra: { released?: number; stepped?: NonNullable<ClientViewState['stepped']> } = {};
    switch (command.op) {
      case 'pause':
        view.paused ??= { since: this.deps.clock.now(), rev: this.deps.revision() };
        break;
      case 'resume':
        view.paused = undefined;
        extra.released = view.releaseUnheld('resume');
        break;
      case 'step': {
        const stepped = view.step();
        extra.released = stepped ? 1 : 0;
        if (stepped) extra.stepped = stepped;
        break;
      }
      case 'break':
        if (!command.breakpoint.kind) throw newBadRequest('a breakpoint needs a kind');
        if (command.breakpoint.name !== undefined && command.breakpoint.labelSelector !== undefined)
          throw newBadRequest('a breakpoint names an object or gives a label selector, not both');
        view.addBreakpoint(command.breakpoint);
        break;
      case 'continue':
        view.clearBreakpoints();
        extra.released = view.releaseUnheld('continue');
        break;
      case 'stale':
        view.stale = command.stale ?? undefined;
        if (view.stale) checkStale(view.stale);
        this.#syncTimeline();
        break;
      case 'lift':
        extra.released = this.#lift(client);
        break;
    }
    this.#dropIfIdle(client);
    this.#syncLiftTimer();
    return { ...this.#describe(client), ...extra };
  }

  #viewOf(client: string): ClientView {
    let view = this.#views.get(client);
    if (!view) {
      view = new ClientView(client, () => this.#watches.get(client) ?? []);
      this.#views.set(client, view);
      for (const gate of this.#watches.get(client) ?? []) gate.policy = view;
    }
    return view;
  }

  #describe(client: string): ClientViewState {
    const view = this.#views.get(client);
    if (view) return view.describe(this.keptSince, this.readRevision(client));
    const watches = [...(this.#watches.get(client) ?? [])].map((g) => g.describe());
    return { client, keptSince: this.keptSince, breakpoints: [], watches };
  }

  /** Drops every control of `client`, sending what was held; answers how many events left. */
  #lift(client: string): number {
    const view = this.#views.get(client);
    if (!view) return 0;
    view.paused = undefined;
    view.stale = undefined;
    view.clearBreakpoints();
    const released = view.releaseAll();
    this.#dropIfIdle(client);
    this.#syncTimeline();
    return released;
  }

  #dropIfIdle(client: string): void {
    const view = this.#views.get(client);
    if (!view?.idle) return;
    this.#views.delete(client);
    for (const gate of this.#watches.get(client) ?? []) gate.policy = undefined;
  }

  #requireConnected(client: string): void {
    if (!this.deps.isConnected(client)) throw newNotFound({ group: 'console', resource: 'clients' }, client);
  }

  /** While any control is in force, a client whose credential went is lifted. */
  #syncLiftTimer(): void {
    if (this.#views.size === 0) {
      this.#liftTimer?.cancel();
      this.#liftTimer = undefined;
      return;
    }
    if (this.#liftTimer) return;
    const check = (): void => {
      this.#liftTimer = undefined;
      for (const client of [...this.#views.keys()]) if (!this.deps.isConnected(client)) this.#lift(client);
      this.#syncLiftTimer();
    };
    this.#liftTimer = this.deps.clock.setTimer(this.deps.liftCheckMs ?? 2000, check);
  }

  /** Samples revisions over time only while some client has a stale view by seconds. */
  #syncTimeline(): void {
    const wanted = [...this.#views.values()].some((v) => v.stale && 'seconds' in v.stale);
    if (wanted && !this.#timeline) {
      const timeline = new RevisionTimeline(maxStaleSeconds * 1000);
      timeline.record(this.deps.clock.now(), this.deps.revision());
      const stop = this.deps.onCommit(() => timeline.record(this.deps.clock.now(), this.deps.revision()));
      this.#timeline = { timeline, stop };
    } else if (!wanted && this.#timeline) {
      this.#timeline.stop();
      this.#timeline = undefined;
    }
  }

  close(): void {
    this.#liftTimer?.cancel();
    this.#timeline?.stop();
  }
}

function checkStale(stale: NonNullable<ClientView['stale']>): void {
  const value = 'behind' in stale ? stale.behind : stale.seconds;
  const limit = 'behind' in stale ? Number.MAX_SAFE_INTEGER : maxStaleSeconds;
  if (!Number.isInteger(value) || value <= 0 || value > limit) {
    throw newBadRequest(
      'behind' in stale
        ? `behind must be a positive whole number of resourceVersions, not ${value}`
        : `seconds must be a whole number from 1 to ${maxStaleSeconds}, not ${value}`,
    );
  }
}
