package main

import (
	"context"
	"encoding/json"

	appsv1 "k8s.io/api/apps/v1"
	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes"
)

// typedClient is the shape every generated typed client shares (client-go's gentype).
type typedClient[T kubeObject, L runtime.Object] interface {
	Create(context.Context, T, metav1.CreateOptions) (T, error)
	Get(context.Context, string, metav1.GetOptions) (T, error)
	List(context.Context, metav1.ListOptions) (L, error)
	Update(context.Context, T, metav1.UpdateOptions) (T, error)
	Delete(context.Context, string, metav1.DeleteOptions) error
}

type kubeObject interface {
	runtime.Object
	metav1.Object
}

// roundTrip is what one kind's typed client did with its sample.
type roundTrip struct {
	Created         bool     `json:"created"`
	GetEqualsCreate bool     `json:"getEqualsCreate"`
	Listed          []string `json:"listed"`
	UpdatedLabel    string   `json:"updatedLabel,omitempty"`
	Deleted         bool     `json:"deleted"`
	Error           any      `json:"error,omitempty"`
}

// typedKind creates a kind's sample with its typed client, reads, lists and updates it, and
// returns the delete to run when the samples are done with (the Namespace goes last).
type typedKind func(ctx context.Context, raw json.RawMessage, r *roundTrip) (cleanup func())

func typedRoundTripOf[T kubeObject, L runtime.Object](client func(namespace string) typedClient[T, L], newT func() T) typedKind {
	return func(ctx context.Context, raw json.RawMessage, r *roundTrip) func() {
		fail := func(err error) func() { r.Error = describe(err); return func() {} }
		sample := newT()
		if err := json.Unmarshal(raw, sample); err != nil {
			return fail(err)
		}
		c := client(sample.GetNamespace())
		created, err := c.Create(ctx, sample, metav1.CreateOptions{})
		if err != nil {
			return fail(err)
		}
		r.Created = true
		got, err := c.Get(ctx, sample.GetName(), metav1.GetOptions{})
		if err != nil {
			return fail(err)
		}
		r.GetEqualsCreate = equality.Semantic.DeepEqual(created, got)
		list, err := c.List(ctx, metav1.ListOptions{FieldSelector: "metadata.name=" + sample.GetName()})
		if err != nil {
			return fail(err)
		}
		items, err := meta.ExtractList(list)
		if err != nil {
			return fail(err)
		}
		for _, item := range items {
			r.Listed = append(r.Listed, objectName(item))
		}
		labels := got.GetLabels()
		if labels == nil {
			labels = map[string]string{}
		}
		labels["round-trip"] = "updated"
		got.SetLabels(labels)
		updated, err := c.Update(ctx, got, metav1.UpdateOptions{})
		if err != nil {
			return fail(err)
		}
		r.UpdatedLabel = updated.GetLabels()["round-trip"]
		return func() {
			if err := c.Delete(ctx, sample.GetName(), metav1.DeleteOptions{}); err != nil {
				r.Error = describe(err)
				return
			}
			_, err := c.Get(ctx, sample.GetName(), metav1.GetOptions{})
			// Pods and Namespaces end gracefully: deleted means gone or going.
			r.Deleted = apierrors.IsNotFound(err) || (err == nil && !isAlive(ctx, c, sample.GetName()))
		}
	}
}

func isAlive[T kubeObject, L runtime.Object](ctx context.Context, c typedClient[T, L], name string) bool {
	got, err := c.Get(ctx, name, metav1.GetOptions{})
	return err == nil && got.GetDeletionTimestamp() == nil
}

// typedKinds: the sample key (testing/builtin-samples.ts) and its typed client, in create order.
func typedKinds(cs kubernetes.Interface) []struct {
	sample string
	run    typedKind
} {
	type entry = struct {
		sample string
		run    typedKind
	}
	return []entry{
		{"Namespace", typedRoundTripOf(func(string) typedClient[*corev1.Namespace, *corev1.NamespaceList] { return cs.CoreV1().Namespaces() }, func() *corev1.Namespace { return &corev1.Namespace{} })},
		{"ConfigMap", typedRoundTripOf(func(ns string) typedClient[*corev1.ConfigMap, *corev1.ConfigMapList] {
			return cs.CoreV1().ConfigMaps(ns)
		}, func() *corev1.ConfigMap { return &corev1.ConfigMap{} })},
		{"Secret", typedRoundTripOf(func(ns string) typedClient[*corev1.Secret, *corev1.SecretList] { return cs.CoreV1().Secrets(ns) }, func() *corev1.Secret { return &corev1.Secret{} })},
		{"Service", typedRoundTripOf(func(ns string) typedClient[*corev1.Service, *corev1.ServiceList] { return cs.CoreV1().Services(ns) }, func() *corev1.Service { return &corev1.Service{} })},
		{"Pod", typedRoundTripOf(func(ns string) typedClient[*corev1.Pod, *corev1.PodList] { return cs.CoreV1().Pods(ns) }, func() *corev1.Pod { return &corev1.Pod{} })},
		{"Deployment", typedRoundTripOf(func(ns string) typedClient[*appsv1.Deployment, *appsv1.DeploymentList] {
			return cs.AppsV1().Deployments(ns)
		}, func() *appsv1.Deployment { return &appsv1.Deployment{} })},
		{"Event", typedRoundTripOf(func(ns string) typedClient[*corev1.Event, *corev1.EventList] { return cs.CoreV1().Events(ns) }, func() *corev1.Event { return &corev1.Event{} })},
		{"Lease", typedRoundTripOf(func(ns string) typedClient[*coordinationv1.Lease, *coordinationv1.LeaseList] {
			return cs.CoordinationV1().Leases(ns)
		}, func() *coordinationv1.Lease { return &coordinationv1.Lease{} })},
	}
}
