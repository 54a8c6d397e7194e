package main

import (
	"context"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// greetLabel marks a ConfigMap to greet: its value is who is greeted.
const greetLabel = "greeter.example.com/name"

// controllerName is the name controller-runtime logs the controller under, and the span's.
const controllerName = "configmap-greeter"

// GreetingReconciler keeps a ConfigMap "<name>-greeting", owned by every ConfigMap labelled
// greetLabel, holding "Hello, <label value>!".
type GreetingReconciler struct {
	client.Client
}

// Reconcile opens the span the console reads as a controller-runtime reconcile: named
// "Reconcile", with the keys controller-runtime's logger uses (controller, controllerGroup,
// controllerKind, namespace, name, reconcileID).
func (r *GreetingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	ctx, span := otel.Tracer(controllerName).Start(ctx, "Reconcile", trace.WithAttributes(
		attribute.String("controller", controllerName),
		attribute.String("controllerGroup", ""),
		attribute.String("controllerKind", "ConfigMap"),
		attribute.String("namespace", req.Namespace),
		attribute.String("name", req.Name),
		attribute.String("reconcileID", string(controller.ReconcileIDFromContext(ctx))),
	))
	defer func() {
		if err != nil {
			span.RecordError(err)
			span.SetStatus(codes.Error, err.Error())
		}
		span.End()
	}()

	var source corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &source); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	who, labelled := source.Labels[greetLabel]
	if !labelled {
		return ctrl.Result{}, nil
	}
	greeting := &corev1.ConfigMap{}
	greeting.Name, greeting.Namespace = source.Name+"-greeting", source.Namespace
	op, err := controllerutil.CreateOrUpdate(ctx, r.Client, greeting, func() error {
		greeting.Data = map[string]string{"greeting": "Hello, " + who + "!"}
		return controllerutil.SetControllerReference(&source, greeting, r.Scheme())
	})
	span.SetAttributes(attribute.String("greeting.operation", string(op)))
	return ctrl.Result{}, err
}

// SetupWithManager watches labelled ConfigMaps and the greetings they own.
func (r *GreetingReconciler) SetupWithManager(mgr ctrl.Manager) error {
	labelled := predicate.NewPredicateFuncs(func(o client.Object) bool { _, ok := o.GetLabels()[greetLabel]; return ok })
	return ctrl.NewControllerManagedBy(mgr).
		Named(controllerName).
		For(&corev1.ConfigMap{}, builder.WithPredicates(labelled)).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}
