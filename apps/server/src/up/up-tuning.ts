import type { ApiServerHandle, ApiServerThreadOptions } from '@dojo/apiserver';
import type { ClusterSimOptionsInput } from '@dojo/cluster-sim';

/** Knobs that are not CLI flags: tests shrink the telemetry ring, benchmarks set the pod delay. */
export interface UpTuning {
  journalCapacity?: number;
  maxSocketBufferBytes?: number;
  /** The simulated cluster's options (embedded mode only), e.g. `podStartDelay` for benchmarks. */
  sim?: ClusterSimOptionsInput;
  /**
   * Where the embedded API server runs: a thread of its own (the default: the console's event
   * loop never waits behind the server's work) or the console's own thread (the benchmark's
   * comparison).
   */
  apiserver?: ApiServerHandle['mode'];
  /** The API server thread's heap caps (tests make it die this way). */
  apiserverThread?: ApiServerThreadOptions;
}
