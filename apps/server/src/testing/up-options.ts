/**
 * The `runUp` options a test starts a console with: loopback, free ports (the audit webhook's too), no operators, no
 * leader election, Secret values redacted — so a test spells out only what it is about
 * (`kubeconfig`, `auditWebhook`, `otlp`, the operators it needs).
 */
import type { UpOptions } from '../cli-args.ts';

export function testUpOptions(options: Partial<UpOptions> & Pick<UpOptions, 'dataDir'>): UpOptions {
  return {
    host: '127.0.0.1',
    port: 0,
    apiserverPort: 0,
    installCrds: false,
    inCluster: false,
    leaderElect: false,
    allowSecretData: false,
    operators: [],
    auditWebhookPort: 0,
    ...options,
  };
}
