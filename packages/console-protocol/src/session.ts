/** Who the console is connected to: `GET /api/session`, and the `hello` of every WebSocket. */

/** `embedded`: the console's own API server; `kubeconfig`: a cluster from a kubeconfig; `in-cluster`: the pod's service account. */
export type ClusterMode = 'embedded' | 'kubeconfig' | 'in-cluster';

export interface Session {
  /**
   * `kubeconfig` is the file kubectl can use to reach the same cluster (the embedded server's
   * own, or the one given with --kubeconfig); absent in-cluster.
   */
  readonly cluster: { readonly mode: ClusterMode; readonly server: string; readonly context?: string; readonly kubeconfig?: string };
  /** `holder` is the replica holding the Lease; it equals `identity` when this one leads. */
  readonly leader: { readonly identity: string; readonly isLeader: boolean; readonly holder?: string };
  /** The operator modules this console runs (`--operators`). */
  readonly operators: readonly string[];
  /** Secret values are replaced by `RedactedSecretValue` in every answer (no `--allow-secret-data`). */
  readonly secretsRedacted: boolean;
}

/**
 * What a Secret value reads as in every answer of a redacting console (keys are kept). Sent back
 * in a write it means "keep what is stored" (docs/protocol.md), never that text.
 */
export type RedactedSecretValue = '<redacted>';

/**
 * The first frame of every WebSocket connection, after each (re)connect. It names the cluster
 * mode only; a client that holds a session reloads the whole one with `GET /api/session`.
 */
export interface Hello {
  readonly session: { readonly cluster: ClusterMode } | Session;
}
