package main

import (
	"context"
	"encoding/json"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
)

// discoveredResource is one resource of the server's discovery and what client-go's REST
// machinery (the layer under every typed client, with the same codecs) did with it.
type discoveredResource struct {
	Kind       string `json:"kind"`
	Namespaced bool   `json:"namespaced"`
	// InScheme: client-go has a Go type for it; if not (a custom resource), it is listed only
	// by the dynamic client (dynamic.go).
	InScheme bool `json:"inScheme"`
	// Verbs as discovery lists them: the reviews are create-only, so there is nothing to list.
	Verbs     []string   `json:"verbs"`
	Listed    *int       `json:"listed,omitempty"`
	ListError any        `json:"listError,omitempty"`
	Sample    string     `json:"sample,omitempty"`
	RoundTrip *roundTrip `json:"roundTrip,omitempty"`
}

type discoveryReport struct {
	Resources map[string]*discoveredResource `json:"resources"`
	// Error: discovery failed for some group (client-go's ErrGroupDiscoveryFailed).
	Error any `json:"error,omitempty"`
}

// restClientFor is what a typed clientset builds for one group version.
func restClientFor(base *rest.Config, gv schema.GroupVersion) (*rest.RESTClient, error) {
	c := rest.CopyConfig(base)
	c.GroupVersion = &gv
	c.APIPath = "/apis"
	if gv.Group == "" {
		c.APIPath = "/api"
	}
	c.NegotiatedSerializer = scheme.Codecs.WithoutConversion()
	return rest.RESTClientFor(c)
}

// discoveredKinds lists every resource the server's discovery names (preferred versions,
// without subresources) through client-go's codecs, and round-trips the samples not already
// done by a typed client (skip).
func discoveredKinds(ctx context.Context, config *rest.Config, samples map[string]json.RawMessage, skip map[string]bool) (*discoveryReport, error) {
	dc, err := discovery.NewDiscoveryClientForConfig(config)
	if err != nil {
		return nil, err
	}
	report := &discoveryReport{Resources: map[string]*discoveredResource{}}
	lists, err := discovery.ServerPreferredResources(dc)
	if err != nil {
		report.Error = describe(err)
	}
	sampleOf := map[schema.GroupVersionKind]string{}
	for key, raw := range samples {
		var tm metav1.TypeMeta
		if json.Unmarshal(raw, &tm) == nil && !skip[key] {
			sampleOf[tm.GroupVersionKind()] = key
		}
	}
	for _, list := range lists {
		gv, err := schema.ParseGroupVersion(list.GroupVersion)
		if err != nil {
			return nil, err
		}
		for _, r := range list.APIResources {
			if strings.Contains(r.Name, "/") {
				continue
			}
			gvk := gv.WithKind(r.Kind)
			d := &discoveredResource{Kind: r.Kind, Namespaced: r.Namespaced, InScheme: scheme.Scheme.Recognizes(gvk), Verbs: r.Verbs}
			report.Resources[gv.WithResource(r.Name).String()] = d
			if !d.InScheme {
				continue
			}
			rc, err := restClientFor(config, gv)
			if err != nil {
				return nil, err
			}
			if hasVerb(r.Verbs, "list") {
				listObj, err := scheme.Scheme.New(gv.WithKind(r.Kind + "List"))
				if err == nil {
					err = rc.Get().Resource(r.Name).Do(ctx).Into(listObj)
				}
				if err != nil {
					d.ListError = describe(err)
				} else {
					n := meta.LenList(listObj)
					d.Listed = &n
				}
			}
			if key, ok := sampleOf[gvk]; ok {
				d.Sample = key
				d.RoundTrip = restRoundTrip(ctx, rc, r, samples[key])
			}
		}
	}
	return report, nil
}

func hasVerb(verbs metav1.Verbs, verb string) bool {
	for _, v := range verbs {
		if v == verb {
			return true
		}
	}
	return false
}

// restRoundTrip creates, gets, lists and deletes one sample with the REST client.
func restRoundTrip(ctx context.Context, rc *rest.RESTClient, r metav1.APIResource, raw json.RawMessage) *roundTrip {
	out := &roundTrip{}
	fail := func(err error) *roundTrip { out.Error = describe(err); return out }
	decoded, _, err := scheme.Codecs.UniversalDeserializer().Decode(raw, nil, nil)
	if err != nil {
		return fail(err)
	}
	object, err := meta.Accessor(decoded)
	if err != nil {
		return fail(err)
	}
	ns, name := object.GetNamespace(), object.GetName()
	created, err := scheme.Scheme.New(decoded.GetObjectKind().GroupVersionKind())
	if err != nil {
		return fail(err)
	}
	if err := rc.Post().NamespaceIfScoped(ns, r.Namespaced).Resource(r.Name).Body(decoded).Do(ctx).Into(created); err != nil {
		return fail(err)
	}
	out.Created = true
	got := created.DeepCopyObject()
	if err := rc.Get().NamespaceIfScoped(ns, r.Namespaced).Resource(r.Name).Name(name).Do(ctx).Into(got); err != nil {
		return fail(err)
	}
	out.GetEqualsCreate = equality.Semantic.DeepEqual(created, got)
	listObj, err := scheme.Scheme.New(decoded.GetObjectKind().GroupVersionKind().GroupVersion().WithKind(r.Kind + "List"))
	if err != nil {
		return fail(err)
	}
	if err := rc.Get().NamespaceIfScoped(ns, r.Namespaced).Resource(r.Name).Param("fieldSelector", "metadata.name="+name).Do(ctx).Into(listObj); err != nil {
		return fail(err)
	}
	_ = meta.EachListItem(listObj, func(item runtime.Object) error {
		out.Listed = append(out.Listed, objectName(item))
		return nil
	})
	sort.Strings(out.Listed)
	if err := rc.Delete().NamespaceIfScoped(ns, r.Namespaced).Resource(r.Name).Name(name).Do(ctx).Error(); err != nil {
		return fail(err)
	}
	out.Deleted = true
	return out
}
