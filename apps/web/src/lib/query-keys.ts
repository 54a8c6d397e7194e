/**
 * The one query key factory. Keys are arrays that start with the area they belong to, so a
 * prefix invalidates an area (`queryKeys.resources.all`) and a full key names one cache entry.
 */
import type { TelemetryQuery } from '@dojo/console-protocol';
import type { GroupVersionKind, GroupVersionResource } from '@dojo/kube-api';

const allNamespaces = '*';

export const queryKeys = {
  session: () => ['session'] as const,
  resourceTypes: () => ['resource-types'] as const,
  resources: {
    all: ['resources'] as const,
    kind: (gvr: GroupVersionResource) => ['resources', gvr.group, gvr.version, gvr.resource] as const,
    list: (gvr: GroupVersionResource, namespace?: string, labelSelector?: string) =>
      ['resources', gvr.group, gvr.version, gvr.resource, 'list', namespace ?? allNamespaces, labelSelector ?? ''] as const,
    /** The kind as `kubectl get` prints it (a meta.k8s.io Table), cells keyed by object. */
    table: (gvr: GroupVersionResource, namespace?: string, labelSelector?: string) =>
      ['resources', gvr.group, gvr.version, gvr.resource, 'table', namespace ?? allNamespaces, labelSelector ?? ''] as const,
    /** Names of every object of every kind (PartialObjectMetadataList), for search. */
    names: (namespace?: string) => ['resources', 'names', namespace ?? allNamespaces] as const,
  },
  /** A CRD by name (`<resource>.<group>`); null in the cache for a built-in kind. */
  customResourceDefinition: (name: string) => ['custom-resource-definition', name] as const,
  schema: (gvk: GroupVersionKind) => ['schema', gvk.group, gvk.version, gvk.kind] as const,
  dryRun: (gvr: GroupVersionResource, mode: 'create' | 'update', body: string) => ['dry-run', gvr.group, gvr.version, gvr.resource, mode, body] as const,
  ownedObjects: (namespace: string, uid: string) => ['owned-objects', namespace, uid] as const,
  controllers: {
    all: ['controllers'] as const,
    list: () => ['controllers', 'list'] as const,
    history: () => ['controllers', 'history'] as const,
    /** `match`: only the queue's keys containing it (the Workqueue page's filter). */
    details: (name: string, match?: string) => ['controllers', 'details', name, match ?? ''] as const,
  },
  telemetry: (query: TelemetryQuery) => ['telemetry', query] as const,
  telemetryWindow: () => ['telemetry', 'window'] as const,
  historyStatus: () => ['history', 'status'] as const,
  objectVersions: (object: string, uid: string | undefined) => ['history', 'versions', object, uid ?? ''] as const,
  objectIncarnations: (object: string) => ['history', 'incarnations', object] as const,
  recordingActivity: () => ['recording', 'activity'] as const,
  /** What every client of the API server does (GET /api/activity). */
  activity: () => ['activity'] as const,
  /** One connected client's controls and views (`/api/clients/:name/...`); `all(name)` is every one of them. */
  clients: {
    all: (name: string) => ['clients', name] as const,
    view: (name: string) => ['clients', name, 'view'] as const,
    faults: (name: string) => ['clients', name, 'faults'] as const,
    staleness: (name: string) => ['clients', name, 'staleness'] as const,
    rbac: (name: string) => ['clients', name, 'rbac'] as const,
    report: (name: string) => ['clients', name, 'report'] as const,
    forbidden: (name: string) => ['clients', name, 'forbidden'] as const,
  },
  /** Admission webhooks and policies: each one's calls (GET /api/admission), and one object's admitted writes (GET /api/requests). */
  admission: {
    summary: () => ['admission', 'summary'] as const,
    object: (object: string, uid: string | undefined, dryRun: boolean) => ['admission', 'object', object, uid ?? '', dryRun ? 'dry-runs' : 'writes'] as const,
  },
  /** One record of the console's request log (GET /api/requests), by its journal seq: evidence. */
  journalRecord: (seq: number) => ['journal-record', seq] as const,
  /** Operators' Prometheus endpoints the console scrapes (GET /api/scrape). */
  scrape: () => ['scrape'] as const,
  /** What the OTLP trace receiver took in, per controller (GET /api/traces). */
  traces: () => ['traces'] as const,
  fieldHistory: (object: string, uid: string | undefined) => ['history', 'fields', object, uid ?? ''] as const,
  explanation: (object: string, uid: string | undefined) => ['explain', object, uid ?? ''] as const,
  readinessHints: (group: string, kind: string, namespace?: string) => ['explain', 'hints', group, kind, namespace ?? allNamespaces] as const,
  /** The simulators the running operator modules started (GET /api/simulators), and each one's state and fault knobs by its name. */
  simulators: {
    list: () => ['simulators', 'list'] as const,
    state: (name: string) => ['simulators', name, 'state'] as const,
    faults: (name: string) => ['simulators', name, 'faults'] as const,
  },
} as const;
