/**
 * How to run an operator with a connected client's kubeconfig, per framework: what
 * `dojo-console connect` prints and the Connect dialog shows. Every one of them reads
 * $KUBECONFIG the way client-go, kube-rs and the Python client do.
 */
import type { ConnectAnswer } from '@dojo/console-protocol';

/** A path as one shell word (single quotes, when it needs any). */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

export function connectCommands(kubeconfigPath: string): ConnectAnswer['commands'] {
  const env = `KUBECONFIG=${shellWord(kubeconfigPath)}`;
  return [
    { framework: 'kubebuilder / operator-sdk (Go)', command: `${env} make run` },
    { framework: 'kube-rs (Rust)', command: `${env} cargo run` },
    { framework: 'kopf (Python)', command: `${env} kopf run --standalone --all-namespaces operator.py` },
    { framework: 'anything else (kubectl, client-go, the Python client)', command: `export ${env}` },
  ];
}
