package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	applyappsv1 "k8s.io/client-go/applyconfigurations/apps/v1"
	applycorev1 "k8s.io/client-go/applyconfigurations/core/v1"
	"k8s.io/client-go/kubernetes"
)

const fieldManager = "client-go-check"

func ensureNamespace(ctx context.Context, cs kubernetes.Interface, name string) error {
	_, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}, metav1.CreateOptions{})
	if apierrors.IsAlreadyExists(err) {
		return nil
	}
	return err
}

// runTyped drives the typed clientset (protobuf unless --content-type json): ConfigMap CRUD,
// the four patch types, paging, watch and the three errors callers branch on; a Deployment's
// strategic merge and apply; every sample kind through its typed client; and every resource
// the server's discovery lists (kinds.go).
func runTyped(ctx context.Context, o options) (any, error) {
	answered := &contentTypes{}
	o.config = answered.recording(o.config)
	cs, err := kubernetes.NewForConfig(o.config)
	if err != nil {
		return nil, err
	}
	if err := ensureNamespace(ctx, cs, o.namespace); err != nil {
		return nil, err
	}
	s := steps{}
	configMapChecks(ctx, cs, o.namespace, s)
	deploymentPatches(ctx, cs, o.namespace, s)
	if o.samples != "" {
		raw, err := os.ReadFile(o.samples)
		if err != nil {
			return nil, err
		}
		var samples map[string]json.RawMessage
		if err := json.Unmarshal(raw, &samples); err != nil {
			return nil, err
		}
		// Every sample: the named kinds through their typed clients, the rest through the REST
		// machinery under them; the Namespace (created first) is deleted last.
		typed := map[string]*roundTrip{}
		done := map[string]bool{}
		var cleanups []func()
		for _, k := range typedKinds(cs) {
			if raw, ok := samples[k.sample]; ok {
				typed[k.sample] = &roundTrip{}
				done[k.sample] = true
				cleanups = append(cleanups, k.run(ctx, raw, typed[k.sample]))
			}
		}
		kinds, err := discoveredKinds(ctx, o.config, samples, done)
		for i := len(cleanups) - 1; i >= 0; i-- {
			cleanups[i]()
		}
		if err != nil {
			return nil, err
		}
		s["typedClients"] = typed
		s["discovery"] = kinds
	}
	s["writesAnsweredAs"] = answered.writes()
	return s, nil
}

func configMapChecks(ctx context.Context, cs kubernetes.Interface, ns string, s steps) {
	cms := cs.CoreV1().ConfigMaps(ns)
	cm := func(name string, labels map[string]string) *corev1.ConfigMap {
		return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels}, Data: map[string]string{"k": "v"}}
	}
	s.run("create", func() (any, error) {
		got, err := cms.Create(ctx, cm("crud", map[string]string{"app": "crud"}), metav1.CreateOptions{})
		if err != nil {
			return nil, err
		}
		return map[string]any{"name": got.Name, "uid": got.UID != "", "resourceVersion": got.ResourceVersion != "", "data": got.Data}, nil
	})
	s.run("get", func() (any, error) {
		got, err := cms.Get(ctx, "crud", metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		return map[string]any{"name": got.Name, "data": got.Data, "creationTimestamp": !got.CreationTimestamp.IsZero()}, nil
	})
	s.run("update", func() (any, error) {
		got, err := cms.Get(ctx, "crud", metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		got.Data["k"] = "updated"
		updated, err := cms.Update(ctx, got, metav1.UpdateOptions{FieldManager: fieldManager})
		if err != nil {
			return nil, err
		}
		return map[string]any{"data": updated.Data, "rvChanged": updated.ResourceVersion != got.ResourceVersion}, nil
	})
	patch := func(pt types.PatchType, body string) func() (any, error) {
		return func() (any, error) {
			got, err := cms.Patch(ctx, "crud", pt, []byte(body), metav1.PatchOptions{FieldManager: fieldManager})
			if err != nil {
				return nil, err
			}
			return got.Data, nil
		}
	}
	s.run("patchStrategic", patch(types.StrategicMergePatchType, `{"data":{"strategic":"1"}}`))
	s.run("patchMerge", patch(types.MergePatchType, `{"data":{"merge":"1","strategic":null}}`))
	s.run("patchJSON", patch(types.JSONPatchType, `[{"op":"add","path":"/data/json","value":"1"},{"op":"remove","path":"/data/merge"}]`))
	s.run("apply", func() (any, error) {
		got, err := cms.Apply(ctx, applycorev1.ConfigMap("crud", ns).WithData(map[string]string{"applied": "1"}), metav1.ApplyOptions{FieldManager: "applier", Force: true})
		if err != nil {
			return nil, err
		}
		var managers []string
		for _, m := range got.ManagedFields {
			managers = append(managers, fmt.Sprintf("%s/%s", m.Manager, m.Operation))
		}
		sort.Strings(managers)
		return map[string]any{"data": got.Data, "managers": managers}, nil
	})
	s.run("conflict", func() (any, error) {
		stale, err := cms.Get(ctx, "crud", metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		fresh := stale.DeepCopy()
		fresh.Data["fresh"] = "1"
		if _, err := cms.Update(ctx, fresh, metav1.UpdateOptions{}); err != nil {
			return nil, err
		}
		stale.Data["stale"] = "1"
		_, err = cms.Update(ctx, stale, metav1.UpdateOptions{})
		return expectError(err)
	})
	s.run("notFound", func() (any, error) {
		_, err := cms.Get(ctx, "no-such-configmap", metav1.GetOptions{})
		return expectError(err)
	})
	s.run("invalid", func() (any, error) {
		_, err := cms.Create(ctx, cm("Not_A_DNS_Name", nil), metav1.CreateOptions{})
		return expectError(err)
	})
	s.run("delete", func() (any, error) {
		if err := cms.Delete(ctx, "crud", metav1.DeleteOptions{}); err != nil {
			return nil, err
		}
		_, err := cms.Get(ctx, "crud", metav1.GetOptions{})
		return map[string]any{"goneAfterDelete": apierrors.IsNotFound(err)}, nil
	})
	s.run("listPaging", func() (any, error) {
		for i := range 5 {
			if _, err := cms.Create(ctx, cm(fmt.Sprintf("page-%d", i), map[string]string{"paged": "yes"}), metav1.CreateOptions{}); err != nil {
				return nil, err
			}
		}
		if _, err := cms.Create(ctx, cm("unlabelled", nil), metav1.CreateOptions{}); err != nil {
			return nil, err
		}
		var pages [][]string
		opts := metav1.ListOptions{LabelSelector: "paged=yes", Limit: 2}
		for {
			list, err := cms.List(ctx, opts)
			if err != nil {
				return nil, err
			}
			var names []string
			for _, item := range list.Items {
				names = append(names, item.Name)
			}
			pages = append(pages, names)
			if list.Continue == "" || len(pages) > 10 {
				break
			}
			opts.Continue = list.Continue
		}
		return pages, nil
	})
	s.run("dryRunCreate", func() (any, error) {
		got, err := cms.Create(ctx, cm("dry-run", nil), metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
		if err != nil {
			return nil, err
		}
		_, err = cms.Get(ctx, "dry-run", metav1.GetOptions{})
		return map[string]any{"name": got.Name, "persisted": !apierrors.IsNotFound(err)}, nil
	})
	s.run("deletePrecondition", func() (any, error) {
		wrong := types.UID("00000000-0000-0000-0000-000000000000")
		err := cms.Delete(ctx, "page-0", metav1.DeleteOptions{Preconditions: &metav1.Preconditions{UID: &wrong}})
		return expectError(err)
	})
	s.run("deleteCollection", func() (any, error) {
		if err := cms.DeleteCollection(ctx, metav1.DeleteOptions{}, metav1.ListOptions{LabelSelector: "paged=yes"}); err != nil {
			return nil, err
		}
		list, err := cms.List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil, err
		}
		left := []string{}
		for _, item := range list.Items {
			left = append(left, item.Name)
		}
		sort.Strings(left)
		return left, nil
	})
	s.run("watch", func() (any, error) {
		list, err := cms.List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil, err
		}
		w, err := cms.Watch(ctx, metav1.ListOptions{ResourceVersion: list.ResourceVersion, LabelSelector: "watched=yes"})
		if err != nil {
			return nil, err
		}
		defer w.Stop()
		if _, err := cms.Create(ctx, cm("watched", map[string]string{"watched": "yes"}), metav1.CreateOptions{}); err != nil {
			return nil, err
		}
		if _, err := cms.Patch(ctx, "watched", types.MergePatchType, []byte(`{"data":{"k":"2"}}`), metav1.PatchOptions{}); err != nil {
			return nil, err
		}
		if err := cms.Delete(ctx, "watched", metav1.DeleteOptions{}); err != nil {
			return nil, err
		}
		return collectEvents(ctx, w, 3)
	})
}

// collectEvents reads n events off a watch as "TYPE name".
func collectEvents(ctx context.Context, w watch.Interface, n int) ([]string, error) {
	var seen []string
	timeout := time.After(20 * time.Second)
	for len(seen) < n {
		select {
		case e, ok := <-w.ResultChan():
			if !ok {
				return seen, errors.New("the watch closed early")
			}
			if e.Type == watch.Error {
				return seen, apierrors.FromObject(e.Object)
			}
			seen = append(seen, fmt.Sprintf("%s %s", e.Type, objectName(e.Object)))
		case <-timeout:
			return seen, fmt.Errorf("saw %d of %d events before the timeout: %v", len(seen), n, seen)
		case <-ctx.Done():
			return seen, ctx.Err()
		}
	}
	return seen, nil
}

// deploymentPatches checks the patch types whose meaning depends on the kind's schema: a
// strategic merge keyed by container name, and apply configurations with two field managers.
func deploymentPatches(ctx context.Context, cs kubernetes.Interface, ns string, s steps) {
	deployments := cs.AppsV1().Deployments(ns)
	labels := map[string]string{"app": "patched"}
	s.run("deploymentStrategic", func() (any, error) {
		d := &appsv1.Deployment{
			ObjectMeta: metav1.ObjectMeta{Name: "patched"},
			Spec: appsv1.DeploymentSpec{
				Selector: &metav1.LabelSelector{MatchLabels: labels},
				Template: corev1.PodTemplateSpec{
					ObjectMeta: metav1.ObjectMeta{Labels: labels},
					Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: "app:1"}, {Name: "sidecar", Image: "sidecar:1"}}},
				},
			},
		}
		if _, err := deployments.Create(ctx, d, metav1.CreateOptions{}); err != nil {
			return nil, err
		}
		got, err := deployments.Patch(ctx, "patched", types.StrategicMergePatchType,
			[]byte(`{"spec":{"template":{"spec":{"containers":[{"name":"app","image":"app:2"}]}}}}`), metav1.PatchOptions{})
		if err != nil {
			return nil, err
		}
		return containerImages(got), nil
	})
	s.run("deploymentApply", func() (any, error) {
		// The creator owns spec.replicas (defaulted to 1 when its request was decoded), so the
		// scaler takes it over with force, as `kubectl scale` would not need to.
		config := applyappsv1.Deployment("patched", ns).WithSpec(applyappsv1.DeploymentSpec().WithReplicas(3))
		got, err := deployments.Apply(ctx, config, metav1.ApplyOptions{FieldManager: "scaler", Force: true})
		if err != nil {
			return nil, err
		}
		// A second manager applying the same field without force conflicts (409 with causes).
		_, conflict := deployments.Apply(ctx, applyappsv1.Deployment("patched", ns).WithSpec(applyappsv1.DeploymentSpec().WithReplicas(5)), metav1.ApplyOptions{FieldManager: "other"})
		var replicas int32
		if got.Spec.Replicas != nil {
			replicas = *got.Spec.Replicas
		}
		out := map[string]any{"replicas": replicas, "images": containerImages(got)}
		if conflict != nil {
			out["conflict"] = describe(conflict)
		}
		return out, nil
	})
}

func containerImages(d *appsv1.Deployment) []string {
	var images []string
	for _, c := range d.Spec.Template.Spec.Containers {
		images = append(images, c.Name+"="+c.Image)
	}
	return images
}
