/**
 * `dojo-console connect NAME [--data-dir DIR] [--offline] [--service-account NS/SA]`: a
 * credential of its own for an operator the console did not start (authorized as that
 * ServiceAccount by the cluster's RBAC when one is given). It refuses (exit 1) when no console or API server of DIR
 * is running — run from another directory, the default ./.dojo-console is not the console's
 * data dir, and a credential there names a server where nothing listens — unless `--offline`
 * asks for a credential for a server that is not running now, and then it says so.
 */
import { resolve } from 'node:path';
import { connectClient, validateClientName, type ServiceAccountRef } from '@dojo/apiserver';
import { connectCommands } from '@dojo/live-feeds';
import { probeDataDirServer } from './connect-preflight.ts';

export interface ConnectCommand {
  client: string;
  dataDir: string;
  offline: boolean;
  /** Authorize it as this ServiceAccount with the cluster's RBAC; absent: trusted as the admin is (a recorded one is removed). */
  serviceAccount?: ServiceAccountRef;
}

export interface ConnectOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** Runs the command; the exit status is 0, or 1 when no server of the data dir runs. Throws a StatusError (Invalid) for a bad name. */
export async function runConnect(command: ConnectCommand, out: ConnectOutput): Promise<0 | 1> {
  validateClientName(command.client);
  const dataDir = resolve(command.dataDir);
  const probe = await probeDataDirServer(dataDir);
  if (!probe.running && !command.offline) {
    out.stderr(
      [
        `dojo-console connect: ${probe.why}, so a credential written there would reach nothing.`,
        `Give the data dir of the running console (the Overview's Getting started shows the exact command: npx dojo-console connect ${command.client} --data-dir /abs/path),`,
        `start it first (npx dojo-console up --data-dir ${dataDir}), or pass --offline to prepare a credential for a server that is not running.`,
        '',
      ].join('\n'),
    );
    return 1;
  }
  const client = connectClient(dataDir, command.client, undefined, command.serviceAccount ?? null);
  const sa = client.serviceAccount;
  out.stdout(`${client.kubeconfigPath}\n`);
  out.stderr(
    [
      probe.running
        ? `Connected "${client.name}" to ${client.server}. Run your operator with this kubeconfig, e.g.:`
        : `Prepared a credential for "${client.name}" (offline): no server of ${dataDir} is running now (${probe.why}). It works once one starts there (npx dojo-console up --data-dir ${dataDir}); run your operator with this kubeconfig then, e.g.:`,
      ...connectCommands(client.kubeconfigPath).map((c) => `  ${c.command.padEnd(60)} # ${c.framework}`),
      'Its requests, inferred reconciles, conflicts, watches and hot loops appear in the console.',
      // Said where the credential is made (issue 35): nothing else would tell the person.
      sa
        ? `Its requests are authorized as system:serviceaccount:${sa.namespace}:${sa.name} by the cluster's RBAC (the Roles bound to that ServiceAccount), as in its Pod: what they lack is a 403, shown in the console with the rule that would allow it (docs/client-controls.md, "Enforcing a ServiceAccount").`
        : 'This kubeconfig is effectively cluster-admin on the embedded cluster (every Secret, any namespace, any RBAC binding), except for the console\'s own credentials: give it only to code you trust as the admin (docs/cli.md, "What a connected client may do").',
      '',
    ].join('\n'),
  );
  return 0;
}
