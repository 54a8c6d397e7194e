package main

import (
	"context"
	"errors"
	"net/http"
	"sort"
	"strings"
	"sync"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
)

// widgetsResource is the small CRD the caller applies before running informer or dynamic.
var widgetsResource = schema.GroupVersionResource{Group: "checks.example.com", Version: "v1", Resource: "widgets"}

func widget(name string, size int64) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "checks.example.com/v1",
		"kind":       "Widget",
		"metadata":   map[string]any{"name": name, "labels": map[string]any{"app": "widgets"}},
		"spec":       map[string]any{"size": size},
	}}
}

// runDynamic drives the dynamic client on the widgets CRD, the metadata-only client on
// ConfigMaps, and discovery, reporting whether the server answered aggregated discovery.
func runDynamic(ctx context.Context, o options) (any, error) {
	dyn, err := dynamic.NewForConfig(o.config)
	if err != nil {
		return nil, err
	}
	widgets := dyn.Resource(widgetsResource).Namespace(o.namespace)
	s := steps{}
	s.run("create", func() (any, error) {
		got, err := widgets.Create(ctx, widget("dyn", 1), metav1.CreateOptions{})
		if err != nil {
			return nil, err
		}
		return got.Object["spec"], nil
	})
	s.run("get", func() (any, error) {
		got, err := widgets.Get(ctx, "dyn", metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		return map[string]any{"kind": got.GetKind(), "apiVersion": got.GetAPIVersion(), "generation": got.GetGeneration()}, nil
	})
	s.run("update", func() (any, error) {
		got, err := widgets.Get(ctx, "dyn", metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		_ = unstructured.SetNestedField(got.Object, int64(2), "spec", "size")
		updated, err := widgets.Update(ctx, got, metav1.UpdateOptions{})
		if err != nil {
			return nil, err
		}
		return map[string]any{"spec": updated.Object["spec"], "generation": updated.GetGeneration()}, nil
	})
	s.run("updateStatus", func() (any, error) {
		got, err := widgets.Get(ctx, "dyn", metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		got.Object["status"] = map[string]any{"ready": true}
		_ = unstructured.SetNestedField(got.Object, int64(99), "spec", "size") // ignored by /status
		updated, err := widgets.UpdateStatus(ctx, got, metav1.UpdateOptions{})
		if err != nil {
			return nil, err
		}
		return map[string]any{"spec": updated.Object["spec"], "status": updated.Object["status"], "generation": updated.GetGeneration()}, nil
	})
	s.run("patchMerge", func() (any, error) {
		got, err := widgets.Patch(ctx, "dyn", types.MergePatchType, []byte(`{"spec":{"size":3}}`), metav1.PatchOptions{})
		if err != nil {
			return nil, err
		}
		return got.Object["spec"], nil
	})
	s.run("apply", func() (any, error) {
		got, err := widgets.Apply(ctx, "applied", widget("applied", 7), metav1.ApplyOptions{FieldManager: fieldManager})
		if err != nil {
			return nil, err
		}
		return got.Object["spec"], nil
	})
	s.run("invalid", func() (any, error) {
		// The CRD's schema says spec.size is an integer with minimum 0.
		_, err := widgets.Create(ctx, widget("negative", -1), metav1.CreateOptions{})
		return expectError(err)
	})
	s.run("list", func() (any, error) {
		list, err := widgets.List(ctx, metav1.ListOptions{LabelSelector: "app=widgets"})
		if err != nil {
			return nil, err
		}
		names := []string{}
		for _, item := range list.Items {
			names = append(names, item.GetName())
		}
		sort.Strings(names)
		return map[string]any{"names": names, "kind": list.GetKind(), "resourceVersion": list.GetResourceVersion() != ""}, nil
	})
	s.run("watch", func() (any, error) {
		list, err := widgets.List(ctx, metav1.ListOptions{})
		if err != nil {
			return nil, err
		}
		w, err := widgets.Watch(ctx, metav1.ListOptions{ResourceVersion: list.GetResourceVersion()})
		if err != nil {
			return nil, err
		}
		defer w.Stop()
		if _, err := widgets.Create(ctx, widget("watched", 1), metav1.CreateOptions{}); err != nil {
			return nil, err
		}
		if err := widgets.Delete(ctx, "watched", metav1.DeleteOptions{}); err != nil {
			return nil, err
		}
		return collectEvents(ctx, w, 2)
	})
	s.run("delete", func() (any, error) {
		if err := widgets.Delete(ctx, "dyn", metav1.DeleteOptions{}); err != nil {
			return nil, err
		}
		_, err := widgets.Get(ctx, "dyn", metav1.GetOptions{})
		return expectError(err)
	})
	metadataChecks(ctx, o, s)
	s.run("discovery", func() (any, error) { return discoveryForm(o.config) })
	return s, nil
}

// metadataChecks lists and watches ConfigMaps as PartialObjectMetadata, the way
// controller-runtime's metadata-only watches and the garbage collector read objects.
func metadataChecks(ctx context.Context, o options, s steps) {
	answered := &contentTypes{}
	mc, err := metadata.NewForConfig(answered.recording(o.config))
	if err != nil {
		s["metadata"] = map[string]any{"error": describe(err)}
		return
	}
	configMaps := mc.Resource(schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}).Namespace(o.namespace)
	s.run("metadataWatch", func() (any, error) {
		w, err := configMaps.Watch(ctx, metav1.ListOptions{LabelSelector: "metadata-watch=yes"})
		if err != nil {
			return nil, err
		}
		defer w.Stop()
		cms := dynamicConfigMaps(o)
		if cms == nil {
			return nil, errors.New("no dynamic client")
		}
		cm := &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": "v1", "kind": "ConfigMap",
			"metadata": map[string]any{"name": "metadata-watched", "labels": map[string]any{"metadata-watch": "yes"}},
			"data":     map[string]any{"secret-ish": "not in metadata"},
		}}
		if _, err := cms.Create(ctx, cm, metav1.CreateOptions{}); err != nil {
			return nil, err
		}
		e, err := collectEvents(ctx, w, 1)
		if err != nil {
			return nil, err
		}
		return e, nil
	})
	s.run("metadataList", func() (any, error) {
		list, err := configMaps.List(ctx, metav1.ListOptions{LabelSelector: "metadata-watch=yes"})
		if err != nil {
			return nil, err
		}
		names := []string{}
		for _, item := range list.Items {
			names = append(names, item.Kind+" "+item.Name)
		}
		sort.Strings(names)
		// The client asked for PartialObjectMetadataList (`as=` in Accept); the answer's type says
		// whether the server served it or client-go fell back to trimming a full list.
		return map[string]any{"items": names, "contentType": answered.last("/api/v1/namespaces/" + o.namespace + "/configmaps")}, nil
	})
}

func dynamicConfigMaps(o options) dynamic.ResourceInterface {
	dyn, err := dynamic.NewForConfig(o.config)
	if err != nil {
		return nil
	}
	return dyn.Resource(schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}).Namespace(o.namespace)
}

// discoveryForm asks for /api and /apis as client-go v0.37 does (aggregated discovery v2
// first, the legacy documents as fallback) and reports which form each answer came in, read
// off the answers' Content-Type.
func discoveryForm(base *rest.Config) (any, error) {
	answered := &contentTypes{}
	config := answered.recording(base)
	dc, err := discovery.NewDiscoveryClientForConfig(config)
	if err != nil {
		return nil, err
	}
	groups, resources, err := dc.ServerGroupsAndResources()
	if err != nil {
		return nil, err
	}
	groupNames := []string{}
	for _, g := range groups {
		groupNames = append(groupNames, g.Name+"="+g.PreferredVersion.GroupVersion)
	}
	sort.Strings(groupNames)
	count := 0
	for _, r := range resources {
		count += len(r.APIResources)
	}
	forms := map[string]string{}
	for _, path := range []string{"/api", "/apis"} {
		forms[path] = "legacy"
		if strings.Contains(answered.last(path), "as=APIGroupDiscoveryList") {
			forms[path] = "aggregated"
		}
	}
	return map[string]any{"forms": forms, "groups": groupNames, "resources": count}, nil
}

// contentTypes records the Content-Type of each answer by path, to tell which form of a
// negotiated answer the server chose.
type contentTypes struct {
	mu     sync.Mutex
	byPath map[string]string
	// ofWrites: every Content-Type that answered a write (POST, PUT, PATCH).
	ofWrites map[string]bool
}

func (c *contentTypes) recording(base *rest.Config) *rest.Config {
	config := rest.CopyConfig(base)
	config.Wrap(func(rt http.RoundTripper) http.RoundTripper {
		return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
			resp, err := rt.RoundTrip(req)
			if err == nil {
				c.mu.Lock()
				if c.byPath == nil {
					c.byPath = map[string]string{}
				}
				c.byPath[req.URL.Path] = resp.Header.Get("Content-Type")
				if req.Method != http.MethodGet && req.Method != http.MethodDelete {
					if c.ofWrites == nil {
						c.ofWrites = map[string]bool{}
					}
					c.ofWrites[resp.Header.Get("Content-Type")] = true
				}
				c.mu.Unlock()
			}
			return resp, err
		})
	})
	return config
}

func (c *contentTypes) writes() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := []string{}
	for t := range c.ofWrites {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

func (c *contentTypes) last(path string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.byPath[path]
}

type roundTripperFunc func(*http.Request) (*http.Response, error)

func (f roundTripperFunc) RoundTrip(req *http.Request) (*http.Response, error) { return f(req) }
