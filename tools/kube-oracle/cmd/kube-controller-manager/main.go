// Command kube-controller-manager is Kubernetes' own, from the k8s.io/kubernetes module this
// directory pins: built beside the oracle so that the real kube-apiserver can have the real
// controllers (Deployments make ReplicaSets make Pods, garbage collection, namespaces, service
// accounts) when a test needs a cluster that acts, not only one that stores.
package main

import (
	"os"

	"k8s.io/component-base/cli"
	"k8s.io/kubernetes/cmd/kube-controller-manager/app"
)

func main() {
	os.Exit(cli.Run(app.NewControllerManagerCommand()))
}
