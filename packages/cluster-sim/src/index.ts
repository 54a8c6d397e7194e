/**
 * @dojo/cluster-sim — a simulated control plane for the embedded cluster, in the spirit of kwok.
 *
 * Promises:
 * - Deployment, ReplicaSet, Pod lifecycle ("kubelet"), garbage collector, namespace and
 *   CloudNativePG Database controllers, written as ordinary controllers on @dojo/runtime.
 * - All state is rebuilt from the API on start; nothing lives only in memory.
 * - Delays and failure modes are options, so tests and benchmarks can set them.
 *
 * Misuse: never start it against a real cluster; real controllers already own these kinds.
 */
export {};
