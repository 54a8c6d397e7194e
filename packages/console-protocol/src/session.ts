/** Who the console is connected to: `GET /api/session`, and the `hello` of every WebSocket. */
import type { ClusterMode } from './cluster-mode.ts';
import type { RecordingSession } from './recording.ts';

export type { ClusterMode } from './cluster-mode.ts';

export interface Session {
  /**
   * `kubeconfig` is the file kubectl can use to reach the same cluster (the embedded server's
   * own, or the one given with --kubeconfig); absent in-cluster. `dataDir` (absolute; the
   * embedded cluster only) is what `dojo-console connect NAME --data-dir` needs to reach this
   * console's API server from any directory. `pod` (in-cluster only) is the console's own Pod,
   * whose Logs tab shows what the console and its operators log.
   */
  readonly cluster: {
    readonly mode: ClusterMode;
    readonly server: string;
    readonly context?: string;
    readonly kubeconfig?: string;
    readonly dataDir?: string;
    readonly pod?: { readonly namespace: string; readonly name: string };
  };
  /** `holder` is the replica holding the Lease; it equals `identity` when this one leads. */
  readonly leader: { readonly identity: string; readonly isLeader: boolean; readonly holder?: string };
  /** The operator modules this console runs (`--operators`). */
  readonly operators: readonly string[];
  /** Secret values are replaced by `RedactedSecretValue` in every answer (no `--allow-secret-data`). */
  readonly secretsRedacted: boolean;
  /**
   * Present when the console serves a recording (`dojo-console open`): nothing is live, every
   * write is refused, and views ask for the state at one instant of it. `cluster` then
   * describes the cluster the recording was made on.
   */
  readonly recording?: RecordingSession;
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
