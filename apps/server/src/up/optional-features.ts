/**
 * The parts of `dojo-console up` a flag turns on, each `{ name, enabled, start }`: started in
 * the order of its list with what it needs, its `Closable` handed to the one closer (closer.ts).
 * What a feature offers the console (a token, a receiver) goes into `parts`, which the wiring
 * passes on. A new optional part is one entry here, not a branch in up.ts and a line in stop().
 */
import { resolve } from 'node:path';
import type { ClientIdentifier } from '@dojo/activity';
import type { HistoryStore } from '@dojo/history';
import type { Closable } from '@dojo/operator';
import { realClock, type Journal, type createRuntimeMetrics } from '@dojo/runtime';
import { AuditLogFollower, TraceReceiver, type AuditFeed, type TracedClients } from '@dojo/telemetry-sources';
import { defaultAuditWebhookPort, startAuditWebhookServer, type AuditWebhookServer } from '../audit/audit-webhook-server.ts';
import type { UpOptions } from '../cli-args.ts';
import { consoleVersion } from '../console-version.ts';
import type { OtlpExport } from '@dojo/otlp-export';
import { keepingTraceReceiver } from '@dojo/recording';
import { loadOrCreateToken } from '../security/console-token.ts';
import type { ClusterBackend } from './cluster-backend.ts';

/** What the optional parts started hand on to the console and to `RunningConsole`. */
export interface FeatureParts {
  otlp?: OtlpExport;
  auditWebhook?: AuditWebhookServer;
  /** The audit webhook backend the console serves at `POST /audit/v1/events`, with its own token. */
  audit?: { token: string; sink: AuditFeed };
  traces?: { token: string; receiver: TraceReceiver };
}

export interface FeatureContext {
  readonly options: UpOptions;
  readonly dataDir: string;
  readonly backend: ClusterBackend;
  readonly journal: Journal;
  readonly metrics: ReturnType<typeof createRuntimeMetrics>;
  readonly history: HistoryStore;
  readonly identifier: ClientIdentifier;
  /** Audit events of a connected cluster, when --audit-webhook or --audit-log asked for them. */
  readonly auditFeed?: AuditFeed;
  readonly tracedClients?: TracedClients;
  readonly parts: FeatureParts;
}

export interface UpFeature {
  readonly name: string;
  enabled(context: FeatureContext): boolean;
  start(context: FeatureContext): Promise<Closable>;
}

/**
 * Started before any controller, following the journal, so the first reconciles leave too. The
 * OpenTelemetry SDK is loaded only when asked for: every other start stays as quick.
 */
export const beforeControllers: readonly UpFeature[] = [
  {
    name: 'OTLP export (--otlp-endpoint)',
    enabled: ({ options }) => options.otlp !== undefined,
    async start({ options, journal, metrics, backend, parts }) {
      const { OtlpExport } = await import('@dojo/otlp-export/exporter');
      const clusterName = backend.mode === 'in-cluster' ? {} : { clusterName: backend.kubeConfig.getCurrentCluster()?.name };
      const otlp = new OtlpExport({ journal, options: options.otlp!, registry: metrics.registry, version: consoleVersion(), env: process.env, ...clusterName });
      otlp.start();
      parts.otlp = otlp;
      return { close: () => otlp.shutdown() };
    },
  },
];

/** What other processes send the console: audit events and reconcile spans (docs/audit.md, docs/opentelemetry.md). */
export const telemetryIntake: readonly UpFeature[] = [
  {
    // kube-apiserver sends the webhook's token only over HTTPS (audit-webhook-server.ts): its own listener, beside the plain one.
    name: 'audit webhook (--audit-webhook)',
    enabled: ({ options, auditFeed }) => auditFeed !== undefined && options.auditWebhook === true,
    async start({ options, dataDir, auditFeed, parts }) {
      parts.audit = { token: loadOrCreateToken(dataDir, 'audit-webhook-token'), sink: auditFeed! };
      const server = await startAuditWebhookServer({
        host: options.host,
        port: options.auditWebhookPort ?? defaultAuditWebhookPort,
        dataDir,
        sink: auditFeed!,
      });
      parts.auditWebhook = server;
      return server;
    },
  },
  {
    name: 'audit log (--audit-log)',
    enabled: ({ options, auditFeed }) => auditFeed !== undefined && Boolean(options.auditLog),
    async start({ options, auditFeed }) {
      const follower = new AuditLogFollower({ path: resolve(options.auditLog!), sink: auditFeed!, clock: realClock });
      follower.start();
      return { close: () => follower.stop() };
    },
  },
  {
    // Operators' reconcile spans join the telemetry journal, on any cluster.
    name: 'OTLP trace receiver (--otlp-receiver)',
    enabled: ({ options }) => options.otlpReceiver === true,
    async start({ dataDir, history, journal, identifier, tracedClients, parts }) {
      const receiver: TraceReceiver = new TraceReceiver({
        clock: realClock,
        maxAgeMs: history.retention.maxAgeMs,
        append: (record) => journal.append(record),
        isEmbedded: identifier.isEmbedded,
        onReceived: () => kept.kept(),
        ...(tracedClients ? { clients: tracedClients } : {}),
      });
      // What a recording of this session says the receiver had.
      const kept = keepingTraceReceiver(history, () => receiver.snapshot());
      kept.kept();
      parts.traces = { token: loadOrCreateToken(dataDir, 'otlp-receiver-token'), receiver };
      return { close: async () => kept.stop() };
    },
  },
];

/** Starts each enabled feature of `features`, in order, handing each one's Closable to `defer`. */
export async function startFeatures(features: readonly UpFeature[], context: FeatureContext, defer: (name: string, closable: Closable) => void): Promise<void> {
  for (const feature of features) {
    if (!feature.enabled(context)) continue;
    defer(feature.name, await feature.start(context));
  }
}
