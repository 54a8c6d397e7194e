/**
 * Controls over a connected client's view of the cluster (`/api/clients/:name/view`,
 * `dojo-console client NAME …`): the embedded API server holds the watch events it would
 * deliver to that client (pause, breakpoints), answers its reads as of an older
 * resourceVersion (pause, the stale-view fault), and releases held events on resume, step or
 * continue. State lives in the API server's memory: it is lifted when the console restarts or
 * the client's credential is removed.
 */

/** Hold, for one client, the events about objects of `kind` matching a namespace/name or a label selector. */
export interface ClientBreakpoint {
  /** Kind ("ConfigMap") or plural resource ("configmaps"), matched case-insensitively. */
  readonly kind: string;
  readonly namespace?: string;
  readonly name?: string;
  readonly labelSelector?: string;
}

/** The stale-view fault: reads answered `behind` resourceVersions or `seconds` behind the server. */
export type ClientStaleView = { readonly behind: number } | { readonly seconds: number };

/** What a client's view is asked to do (the body of `POST /api/clients/:name/view`). */
export type ClientViewCommand =
  | { readonly op: 'pause' }
  | { readonly op: 'resume' }
  | { readonly op: 'step' }
  | { readonly op: 'break'; readonly breakpoint: ClientBreakpoint }
  | { readonly op: 'continue' }
  | { readonly op: 'stale'; readonly stale: ClientStaleView | null }
  | { readonly op: 'lift' };

/** Why an event is held: the client is paused, or the object matches a breakpoint. */
export type HeldBecause = 'pause' | 'breakpoint';

/** One event the server holds back from a watch. */
export interface HeldEvent {
  readonly type: 'ADDED' | 'MODIFIED' | 'DELETED';
  readonly kind: string;
  readonly namespace?: string;
  readonly name: string;
  readonly resourceVersion: string;
  /** Epoch ms when it was held. */
  readonly since: number;
  readonly because: HeldBecause;
}

/** One open watch of the client, with what it holds (oldest first). */
export interface HeldWatch {
  /** The journal's watchId of the watch (its `watch-open` record), when the journal is on. */
  readonly watchId?: string;
  readonly resource: string;
  readonly kind: string;
  readonly namespace?: string;
  readonly held: readonly HeldEvent[];
}

/** What is in force for a client now (every answer of the view API and the CLI). */
export interface ClientViewState {
  readonly client: string;
  /** Epoch ms since which this state is kept (the API server's start, or the first control): it is in memory only. */
  readonly keptSince: number;
  readonly paused?: { readonly since: number; readonly resourceVersion: string };
  readonly breakpoints: readonly ClientBreakpoint[];
  readonly stale?: ClientStaleView;
  /** The resourceVersion the client's GETs and LISTs are answered at now; absent: the latest. */
  readonly readsAt?: string;
  readonly watches: readonly HeldWatch[];
  /** Step: the event it released (absent when nothing was held). */
  readonly stepped?: HeldEvent;
  /** Events released by this command (resume, continue, step, lift). */
  readonly released?: number;
}

/** How a released event, or a read answered from an older view, is marked in the request journal. */
export interface ViewMark {
  /** Released events: held since (epoch ms), and what released it. */
  readonly heldSince?: number;
  readonly releasedBy?: 'resume' | 'step' | 'continue' | 'lift';
  readonly because?: HeldBecause;
  /** Reads: answered as of this resourceVersion, because the client is paused or given a stale view. */
  readonly readsAt?: string;
  readonly readReason?: 'pause' | 'stale';
}
