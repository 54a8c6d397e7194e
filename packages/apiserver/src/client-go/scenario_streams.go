package main

// The scenario's watch from a resourceVersion, its informers (run by `scenario-informer`, once
// with streaming lists and once without: the feature is read from KUBE_FEATURE_WatchListClient
// at start), the dynamic and metadata clients and a custom resource: see scenario.go.

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/dynamic/dynamicinformer"
	clientfeatures "k8s.io/client-go/features"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/tools/cache"
)

// watchedEvent is one event as a client-go caller reads it.
type watchedEvent struct {
	Type   watch.EventType `json:"type"`
	Object any             `json:"object"`
}

// readEvents takes n events off w (or what came before the deadline, with an error).
func readEvents(ctx context.Context, w watch.Interface, n int) ([]watchedEvent, error) {
	defer w.Stop()
	events := []watchedEvent{}
	deadline := time.After(30 * time.Second)
	for len(events) < n {
		select {
		case e, ok := <-w.ResultChan():
			if !ok {
				return events, errors.New("the watch closed early")
			}
			events = append(events, watchedEvent{Type: e.Type, Object: view(e.Object)})
		case <-deadline:
			return events, errors.New("not every event came before the deadline")
		case <-ctx.Done():
			return events, ctx.Err()
		}
	}
	return events, nil
}

func (s *scenario) streams() {
	cms, ctx := s.configMaps(), s.ctx
	var from string
	record("watch from a resourceVersion sees the writes after it", func() (any, error) {
		l, err := cms.List(ctx, metav1.ListOptions{LabelSelector: "watched=yes"})
		if err != nil {
			return nil, err
		}
		from = l.ResourceVersion
		if _, err := cms.Create(ctx, labelledConfigMap("watched", map[string]string{"watched": "yes"}, map[string]string{"n": "1"}), metav1.CreateOptions{}); err != nil {
			return nil, err
		}
		if _, err := cms.Patch(ctx, "watched", types.MergePatchType, []byte(`{"data":{"n":"2"}}`), metav1.PatchOptions{}); err != nil {
			return nil, err
		}
		if err := cms.Delete(ctx, "watched", metav1.DeleteOptions{}); err != nil {
			return nil, err
		}
		w, err := cms.Watch(ctx, metav1.ListOptions{LabelSelector: "watched=yes", ResourceVersion: from})
		if err != nil {
			return nil, err
		}
		return readEvents(ctx, w, 3)
	})
	record("list at an earlier resourceVersion (Exact)", func() (any, error) {
		l, err := cms.List(ctx, metav1.ListOptions{LabelSelector: "app=demo", ResourceVersion: from, ResourceVersionMatch: metav1.ResourceVersionMatchExact})
		if err != nil {
			return nil, err
		}
		return objectOrError(l, nil)
	})
	record("watch with a label selector sees an object leave it as DELETED", func() (any, error) {
		w, err := cms.Watch(ctx, metav1.ListOptions{LabelSelector: "tier=front", ResourceVersion: from})
		if err != nil {
			return nil, err
		}
		if _, err := cms.Patch(ctx, "gamma", types.MergePatchType, []byte(`{"metadata":{"labels":{"tier":"rear"}}}`), metav1.PatchOptions{}); err != nil {
			return nil, err
		}
		return readEvents(ctx, w, 1)
	})
	record("watch from resourceVersion 1 (history kept: replayed)", func() (any, error) {
		w, err := cms.Watch(ctx, metav1.ListOptions{ResourceVersion: "1"})
		if err != nil {
			return nil, err
		}
		return readEvents(ctx, w, 1)
	})
	s.dynamicAndMetadata()
}

func (s *scenario) dynamicAndMetadata() {
	ctx := s.ctx
	configMapsResource := schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}
	record("dynamic client: list ConfigMaps", func() (any, error) {
		dyn, err := dynamic.NewForConfig(s.o.config)
		if err != nil {
			return nil, err
		}
		l, err := dyn.Resource(configMapsResource).Namespace(s.ns).List(ctx, metav1.ListOptions{LabelSelector: "app=demo"})
		if err != nil {
			return nil, err
		}
		items := []any{}
		for _, item := range l.Items {
			items = append(items, view(item.Object))
		}
		return map[string]any{"apiVersion": l.GetAPIVersion(), "kind": l.GetKind(), "items": items}, nil
	})
	record("metadata client: list and get ConfigMaps", func() (any, error) {
		mc, err := metadata.NewForConfig(s.o.config)
		if err != nil {
			return nil, err
		}
		r := mc.Resource(configMapsResource).Namespace(s.ns)
		l, err := r.List(ctx, metav1.ListOptions{LabelSelector: "app=demo"})
		if err != nil {
			return nil, err
		}
		one, err := r.Get(ctx, "alpha", metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		return map[string]any{"list": view(l), "get": view(one)}, nil
	})
	record("metadata client: get a missing object: 404", func() (any, error) {
		mc, err := metadata.NewForConfig(s.o.config)
		if err != nil {
			return nil, err
		}
		return mc.Resource(configMapsResource).Namespace(s.ns).Get(ctx, "missing", metav1.GetOptions{})
	})
}

func (s *scenario) customResources() {
	ctx := s.ctx
	dyn, err := dynamic.NewForConfig(s.o.config)
	if err != nil {
		record("custom resources", func() (any, error) { return nil, err })
		return
	}
	widgets := dyn.Resource(widgetsResource).Namespace(s.ns)
	record("create a custom resource", func() (any, error) {
		got, err := widgets.Create(ctx, widget("w1", 3), metav1.CreateOptions{})
		if err != nil {
			return nil, err
		}
		return view(got.Object), nil
	})
	record("create an invalid custom resource: 422", func() (any, error) {
		return widgets.Create(ctx, widget("w-bad", -1), metav1.CreateOptions{})
	})
	record("update a custom resource's status", func() (any, error) {
		got, err := widgets.Get(ctx, "w1", metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		_ = unstructured.SetNestedField(got.Object, true, "status", "ready")
		_ = unstructured.SetNestedField(got.Object, int64(9), "spec", "size")
		updated, err := widgets.UpdateStatus(ctx, got, metav1.UpdateOptions{})
		if err != nil {
			return nil, err
		}
		return view(updated.Object), nil
	})
	record("merge-patch a custom resource", func() (any, error) {
		got, err := widgets.Patch(ctx, "w1", types.MergePatchType, []byte(`{"spec":{"size":4}}`), metav1.PatchOptions{})
		if err != nil {
			return nil, err
		}
		return view(got.Object), nil
	})
	record("strategic merge patch of a custom resource: 415", func() (any, error) {
		return widgets.Patch(ctx, "w1", types.StrategicMergePatchType, []byte(`{"spec":{"size":5}}`), metav1.PatchOptions{})
	})
	record("server-side apply a custom resource", func() (any, error) {
		got, err := widgets.Apply(ctx, "w2", widget("w2", 7), metav1.ApplyOptions{FieldManager: "scenario"})
		if err != nil {
			return nil, err
		}
		return view(got.Object), nil
	})
	record("list custom resources", func() (any, error) {
		l, err := widgets.List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil, err
		}
		names := []string{}
		for _, item := range l.Items {
			names = append(names, item.GetName())
		}
		return map[string]any{"apiVersion": l.GetAPIVersion(), "kind": l.GetKind(), "names": names}, nil
	})
}

// runScenarioInformer starts informers on the scenario's ConfigMaps and widgets, waits for
// them to sync, and prints what they hold (the synced set, not how it was listed).
func runScenarioInformer(ctx context.Context, o options) (any, error) {
	cs, err := kubernetes.NewForConfig(o.config)
	if err != nil {
		return nil, err
	}
	dyn, err := dynamic.NewForConfig(o.config)
	if err != nil {
		return nil, err
	}
	factory := informers.NewSharedInformerFactoryWithOptions(cs, 0, informers.WithNamespace(o.namespace))
	dynFactory := dynamicinformer.NewFilteredDynamicSharedInformerFactory(dyn, 0, o.namespace, nil)
	configMaps := factory.Core().V1().ConfigMaps().Informer()
	widgets := dynFactory.ForResource(widgetsResource).Informer()
	stop := make(chan struct{})
	defer close(stop)
	factory.Start(stop)
	dynFactory.Start(stop)
	if !cache.WaitForCacheSync(ctx.Done(), configMaps.HasSynced, widgets.HasSynced) {
		return nil, errors.New("the informers' caches did not sync before the timeout")
	}
	data := map[string]map[string]string{}
	for _, obj := range configMaps.GetStore().List() {
		cm := obj.(*corev1.ConfigMap)
		data[cm.Name] = cm.Data
	}
	sizes := map[string]any{}
	for _, obj := range widgets.GetStore().List() {
		u := obj.(*unstructured.Unstructured)
		sizes[u.GetName()] = u.Object["spec"]
	}
	return map[string]any{
		"action":          "informer",
		"watchListClient": clientfeatures.FeatureGates().Enabled(clientfeatures.WatchListClient),
		"configMaps":      data,
		"widgets":         sizes,
	}, nil
}
