package main

import (
	"context"
	"errors"
	"sort"
	"sync"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/dynamic/dynamicinformer"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// doneConfigMap is the ConfigMap whose arrival ends the informer run: the caller creates it
// after its last write, so every write before it has been seen (watch events are in order).
const doneConfigMap = "informer-done"

// eventLog is what one informer's handlers saw, in order: "ADDED name", "MODIFIED name",
// "DELETED name"; initial ones are those delivered before the cache synced.
type eventLog struct {
	mu      sync.Mutex
	synced  bool
	Initial []string `json:"initial"`
	Events  []string `json:"events"`
}

func (l *eventLog) add(kind string, obj any) {
	name := objectName(obj)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.synced {
		l.Events = append(l.Events, kind+" "+name)
	} else {
		l.Initial = append(l.Initial, kind+" "+name)
	}
}

func (l *eventLog) handler(done func(name string)) cache.ResourceEventHandlerFuncs {
	return cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj any) {
			l.add("ADDED", obj)
			if done != nil {
				done(objectName(obj))
			}
		},
		UpdateFunc: func(_, obj any) { l.add("MODIFIED", obj) },
		DeleteFunc: func(obj any) { l.add("DELETED", obj) },
	}
}

func objectName(obj any) string {
	if tomb, ok := obj.(cache.DeletedFinalStateUnknown); ok {
		return tomb.Key
	}
	if o, ok := obj.(interface{ GetName() string }); ok {
		return o.GetName()
	}
	return "?"
}

func namesIn(objs []any) []string {
	names := make([]string, 0, len(objs))
	for _, o := range objs {
		names = append(names, objectName(o))
	}
	sort.Strings(names)
	return names
}

// runInformer starts a SharedInformerFactory for ConfigMaps and a dynamic informer for widgets
// in one namespace, waits for both to sync, prints what they hold, then records every event
// until the done ConfigMap arrives. Whether the reflector lists with a streaming list or a
// LIST is client-go's WatchListClient feature (KUBE_FEATURE_WatchListClient, on by default).
func runInformer(ctx context.Context, o options) (any, error) {
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

	var cmLog, widgetLog eventLog
	finished := make(chan struct{})
	var once sync.Once
	if _, err := configMaps.AddEventHandler(cmLog.handler(func(name string) {
		if name == doneConfigMap {
			once.Do(func() { close(finished) })
		}
	})); err != nil {
		return nil, err
	}
	if _, err := widgets.AddEventHandler(widgetLog.handler(nil)); err != nil {
		return nil, err
	}

	stop := make(chan struct{})
	defer close(stop)
	factory.Start(stop)
	dynFactory.Start(stop)
	if !cache.WaitForCacheSync(ctx.Done(), configMaps.HasSynced, widgets.HasSynced) {
		return nil, errors.New("the informers' caches did not sync before the timeout")
	}
	for _, l := range []*eventLog{&cmLog, &widgetLog} {
		l.mu.Lock()
		l.synced = true
		l.mu.Unlock()
	}
	printLine(map[string]any{
		"synced":     true,
		"configMaps": namesIn(configMaps.GetStore().List()),
		"widgets":    namesIn(widgets.GetStore().List()),
	})

	select {
	case <-finished:
	case <-ctx.Done():
		return nil, errors.New("the done ConfigMap never reached the informer")
	}
	cmLog.mu.Lock()
	defer cmLog.mu.Unlock()
	widgetLog.mu.Lock()
	defer widgetLog.mu.Unlock()
	cached, _, err := configMaps.GetStore().GetByKey(o.namespace + "/updated")
	data := map[string]string{}
	if err == nil && cached != nil {
		data = cached.(*corev1.ConfigMap).Data
	}
	widgetSizes := map[string]int64{}
	for _, w := range widgets.GetStore().List() {
		u := w.(*unstructured.Unstructured)
		size, _, _ := unstructured.NestedInt64(u.Object, "spec", "size")
		widgetSizes[u.GetName()] = size
	}
	return map[string]any{
		"configMaps":     &cmLog,
		"widgets":        &widgetLog,
		"configMapNames": namesIn(configMaps.GetStore().List()),
		"updatedData":    data,
		"widgetSizes":    widgetSizes,
	}, nil
}
