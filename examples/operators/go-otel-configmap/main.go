// Command go-otel-configmap is a small controller-runtime operator traced with OpenTelemetry:
// a span around every Reconcile and otelhttp on the REST config, exported over OTLP/HTTP.
// It runs unchanged against any cluster its kubeconfig names (KUBECONFIG).
package main

import (
	"context"
	"os"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
)

func main() {
	ctrl.SetLogger(zap.New(zap.UseDevMode(true)))
	log := ctrl.Log.WithName("setup")
	ctx := ctrl.SetupSignalHandler()

	shutdown, err := startTracing(ctx)
	if err != nil {
		log.Error(err, "unable to start tracing")
		os.Exit(1)
	}
	defer func() {
		flushCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = shutdown(flushCtx)
	}()

	cfg := ctrl.GetConfigOrDie()
	traceAPICalls(cfg)
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		// No metrics or health ports: several copies may run on one machine.
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
	})
	if err != nil {
		log.Error(err, "unable to create the manager")
		os.Exit(1)
	}
	if err := (&GreetingReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		log.Error(err, "unable to set up the controller")
		os.Exit(1)
	}
	log.Info("starting the manager")
	if err := mgr.Start(ctx); err != nil {
		log.Error(err, "the manager stopped")
		os.Exit(1)
	}
}
