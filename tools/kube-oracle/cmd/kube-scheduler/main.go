// Command kube-scheduler is Kubernetes' own, from the k8s.io/kubernetes module this directory
// pins: it binds the Pods kube-controller-manager creates to the (simulated) Nodes, so that a
// simulated kubelet can run them.
package main

import (
	"os"

	"k8s.io/component-base/cli"
	"k8s.io/kubernetes/cmd/kube-scheduler/app"
)

func main() {
	os.Exit(cli.Run(app.NewSchedulerCommand()))
}
