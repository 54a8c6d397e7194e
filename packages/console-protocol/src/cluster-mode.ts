/** `embedded`: the console's own API server; `kubeconfig`: a cluster from a kubeconfig; `in-cluster`: the pod's service account. */
export type ClusterMode = 'embedded' | 'kubeconfig' | 'in-cluster';
