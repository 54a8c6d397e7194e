/**
 * What a node reports about its containers' output, as the simulated kubelet (cluster-sim)
 * sends it and the API server's ContainerLogStore keeps it for `pods/log`. Plain data, so it
 * crosses a thread. One definition, here, because both sides name it and neither may import
 * the other.
 */
export type ContainerLogWrite =
  | { readonly op: 'line'; readonly podUid: string; readonly containerId: string; readonly timeMs: number; readonly text: string }
  /** The instance logs `text` every `everyMs` while it runs; `{n}` in it counts from 1. */
  | { readonly op: 'repeat'; readonly podUid: string; readonly containerId: string; readonly everyMs: number; readonly text: string }
  /** The instance exited: its log is complete. */
  | { readonly op: 'end'; readonly containerId: string; readonly timeMs: number }
  /** The Pod is gone, and with it its containers' logs. */
  | { readonly op: 'drop-pod'; readonly podUid: string };
