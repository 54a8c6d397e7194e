package main

// The differential scenario (`client-go-check scenario`): the same kind of script the Python
// client and client-node run in the oracle suite (src/oracle/client-go.steps.ts), each action
// printed as one JSON line {"action", "result"|"error"} for the suite to normalize and compare
// between the embedded server and kube-apiserver. Objects are printed whole except
// managedFields (compared by the suite's own server-side-apply steps); errors as client-go
// decoded them (describe).

import (
	"context"
	"encoding/json"
	"errors"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	applycorev1 "k8s.io/client-go/applyconfigurations/core/v1"
	"k8s.io/client-go/kubernetes"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
)

// scenario is one run's clients and namespace.
type scenario struct {
	ctx context.Context
	o   options
	cs  kubernetes.Interface
	ns  string
}

// record runs one action and prints its line; a failed action is a result like any other.
func record(action string, step func() (any, error)) {
	v, err := step()
	if err != nil {
		printLine(map[string]any{"action": action, "error": describe(err)})
		return
	}
	printLine(map[string]any{"action": action, "result": v})
}

// view is an object as JSON, without managedFields.
func view(obj any) any {
	raw, err := json.Marshal(obj)
	if err != nil {
		return err.Error()
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return err.Error()
	}
	if md, ok := m["metadata"].(map[string]any); ok {
		delete(md, "managedFields")
	}
	return m
}

func objectOrError(obj any, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return view(obj), nil
}

// listView is what a caller of List acts on: the names, whether a continue token came and the
// remaining count.
func listView(meta metav1.ListMeta, names []string) map[string]any {
	return map[string]any{"names": names, "continue": meta.Continue, "remainingItemCount": meta.RemainingItemCount, "resourceVersion": meta.ResourceVersion}
}

func configMapNames(l *corev1.ConfigMapList) []string {
	names := []string{}
	for _, cm := range l.Items {
		names = append(names, cm.Name)
	}
	return names
}

func labelledConfigMap(name string, labels, data map[string]string) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels}, Data: data}
}

func runScenario(ctx context.Context, o options) (any, error) {
	cs, err := kubernetes.NewForConfig(o.config)
	if err != nil {
		return nil, err
	}
	s := &scenario{ctx: ctx, o: o, cs: cs, ns: o.namespace}
	record("create the namespace", func() (any, error) {
		return objectOrError(cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: s.ns}}, metav1.CreateOptions{}))
	})
	s.configMapReads()
	s.configMapWrites()
	s.workloads()
	s.deletes()
	s.errors()
	s.streams()
	s.customResources()
	return map[string]any{"action": "done"}, nil
}

func (s *scenario) configMaps() typedcorev1.ConfigMapInterface { return s.cs.CoreV1().ConfigMaps(s.ns) }

// configMapReads: create, get, list with label and field selectors, and paging.
func (s *scenario) configMapReads() {
	cms, ctx := s.configMaps(), s.ctx
	for _, c := range []struct{ name, tier string }{{"alpha", "front"}, {"beta", "back"}, {"gamma", "front"}} {
		record("create ConfigMap "+c.name, func() (any, error) {
			return objectOrError(cms.Create(ctx, labelledConfigMap(c.name, map[string]string{"app": "demo", "tier": c.tier}, map[string]string{"k": c.name}), metav1.CreateOptions{}))
		})
	}
	record("get a ConfigMap", func() (any, error) { return objectOrError(cms.Get(ctx, "alpha", metav1.GetOptions{})) })
	for _, c := range []struct{ action, label, field string }{
		{"list by label equality", "tier=front", ""},
		{"list by label set", "tier in (back),app", ""},
		{"list by label inequality", "tier!=front", ""},
		{"list by field selector", "", "metadata.name=beta"},
		{"list by both selectors", "app=demo", "metadata.name!=alpha"},
		{"list by an unsupported field: 400", "", "data.k=alpha"},
		{"list by a malformed label selector: 400", "tier in front", ""},
	} {
		record(c.action, func() (any, error) {
			l, err := cms.List(ctx, metav1.ListOptions{LabelSelector: c.label, FieldSelector: c.field})
			if err != nil {
				return nil, err
			}
			return listView(l.ListMeta, configMapNames(l)), nil
		})
	}
	var token string
	record("list the first page (limit 2)", func() (any, error) {
		l, err := cms.List(ctx, metav1.ListOptions{Limit: 2, LabelSelector: "app=demo"})
		if err != nil {
			return nil, err
		}
		token = l.Continue
		return listView(l.ListMeta, configMapNames(l)), nil
	})
	record("list the next page (continue)", func() (any, error) {
		l, err := cms.List(ctx, metav1.ListOptions{Limit: 2, LabelSelector: "app=demo", Continue: token})
		if err != nil {
			return nil, err
		}
		return listView(l.ListMeta, configMapNames(l)), nil
	})
	record("list with a bad continue token: 400", func() (any, error) {
		return cms.List(ctx, metav1.ListOptions{Limit: 2, Continue: "not-a-token"})
	})
	// Of an object written many requests ago: resourceVersion 0 may be served by a watch cache
	// that has not yet seen a write just made.
	record("get at resourceVersion 0 (any cached state)", func() (any, error) {
		return objectOrError(cms.Get(ctx, "alpha", metav1.GetOptions{ResourceVersion: "0"}))
	})
}

// configMapWrites: update fresh and stale, every patch type, server-side apply and its conflict, dry-run.
func (s *scenario) configMapWrites() {
	cms, ctx := s.configMaps(), s.ctx
	var stale *corev1.ConfigMap
	record("update with the current resourceVersion", func() (any, error) {
		got, err := cms.Get(ctx, "alpha", metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		stale = got.DeepCopy()
		got.Data["k"] = "updated"
		return objectOrError(cms.Update(ctx, got, metav1.UpdateOptions{}))
	})
	record("update with a stale resourceVersion: 409", func() (any, error) {
		if stale == nil {
			return nil, errors.New("no object to update")
		}
		stale.Data["k"] = "stale"
		return cms.Update(ctx, stale, metav1.UpdateOptions{})
	})
	patches := []struct {
		action string
		pt     types.PatchType
		body   string
	}{
		{"merge patch", types.MergePatchType, `{"data":{"merged":"yes","k":null}}`},
		{"strategic merge patch", types.StrategicMergePatchType, `{"metadata":{"labels":{"patched":"strategic"}},"data":{"sm":"1"}}`},
		{"JSON patch", types.JSONPatchType, `[{"op":"add","path":"/data/json","value":"1"},{"op":"replace","path":"/metadata/labels/tier","value":"middle"}]`},
		{"JSON patch whose test fails: 422", types.JSONPatchType, `[{"op":"test","path":"/data/json","value":"2"}]`},
		{"JSON patch of a missing path: 422", types.JSONPatchType, `[{"op":"remove","path":"/data/nope"}]`},
		{"merge patch that is not JSON: 400", types.MergePatchType, `{"data":`},
	}
	for _, p := range patches {
		record(p.action, func() (any, error) {
			return objectOrError(cms.Patch(ctx, "alpha", p.pt, []byte(p.body), metav1.PatchOptions{}))
		})
	}
	apply := func(manager string, force bool, value string) (any, error) {
		cfg := applycorev1.ConfigMap("applied", s.ns).WithData(map[string]string{"shared": value})
		got, err := cms.Apply(ctx, cfg, metav1.ApplyOptions{FieldManager: manager, Force: force})
		if err != nil {
			return nil, err
		}
		managers := []string{}
		for _, m := range got.ManagedFields {
			managers = append(managers, m.Manager+" "+string(m.Operation))
		}
		return map[string]any{"data": got.Data, "managers": managers, "resourceVersion": got.ResourceVersion}, nil
	}
	record("server-side apply by manager one", func() (any, error) { return apply("one", false, "one") })
	record("server-side apply of the same field by manager two: 409 conflict", func() (any, error) { return apply("two", false, "two") })
	record("server-side apply forced by manager two", func() (any, error) { return apply("two", true, "two") })
	record("dry-run create", func() (any, error) {
		return objectOrError(cms.Create(ctx, labelledConfigMap("dry", nil, map[string]string{"a": "1"}), metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}}))
	})
	record("dry-run create stored nothing: 404", func() (any, error) { return cms.Get(ctx, "dry", metav1.GetOptions{}) })
	record("dry-run delete", func() (any, error) {
		return nil, cms.Delete(ctx, "beta", metav1.DeleteOptions{DryRun: []string{metav1.DryRunAll}})
	})
	record("dry-run delete kept the object", func() (any, error) { return objectOrError(cms.Get(ctx, "beta", metav1.GetOptions{})) })
}

// errors: the answers every client branches on, as client-go's typed errors.
func (s *scenario) errors() {
	cms, ctx := s.configMaps(), s.ctx
	record("get a missing ConfigMap: 404", func() (any, error) { return cms.Get(ctx, "missing", metav1.GetOptions{}) })
	record("create an existing ConfigMap: 409", func() (any, error) {
		return cms.Create(ctx, labelledConfigMap("gamma", nil, nil), metav1.CreateOptions{})
	})
	record("create with an invalid name: 422", func() (any, error) {
		return cms.Create(ctx, labelledConfigMap("Not_Valid", map[string]string{"bad key!": "x"}, nil), metav1.CreateOptions{})
	})
	record("create in a missing namespace: 404", func() (any, error) {
		return s.cs.CoreV1().ConfigMaps("no-such-namespace").Create(ctx, labelledConfigMap("x", nil, nil), metav1.CreateOptions{})
	})
	record("update whose body names another object: 400", func() (any, error) {
		// The typed client takes the URL's name from the body; its REST client can tell them apart.
		var got corev1.ConfigMap
		err := s.cs.CoreV1().RESTClient().Put().Namespace(s.ns).Resource("configmaps").Name("alpha").Body(labelledConfigMap("gamma", nil, nil)).Do(ctx).Into(&got)
		return objectOrError(&got, err)
	})
	record("delete a missing ConfigMap: 404", func() (any, error) { return nil, cms.Delete(ctx, "missing", metav1.DeleteOptions{}) })
}
