// go-hotloop is a deliberately broken controller on client-go, the way a real one goes wrong:
// every reconcile stamps the ConfigMap with the time it ran, and that write is itself an
// update event that queues the ConfigMap again, so it reconciles forever. The console shows it
// as a hot loop naming the annotation. The cure is to write only what changed.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/client-go/util/workqueue"
)

const stampAnnotation = "example.com/last-reconciled"

func main() {
	kubeconfig := flag.String("kubeconfig", os.Getenv("KUBECONFIG"), "path to a kubeconfig")
	namespace := flag.String("namespace", "default", "the namespace whose ConfigMaps labelled hotloop=true it reconciles")
	flag.Parse()

	config, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	client := kubernetes.NewForConfigOrDie(config)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	factory := informers.NewSharedInformerFactoryWithOptions(client, 0, informers.WithNamespace(*namespace),
		informers.WithTweakListOptions(func(o *metav1.ListOptions) { o.LabelSelector = "hotloop=true" }))
	informer := factory.Core().V1().ConfigMaps()
	queue := workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[string]())
	enqueue := func(obj interface{}) {
		if key, err := cache.MetaNamespaceKeyFunc(obj); err == nil {
			queue.Add(key)
		}
	}
	informer.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    enqueue,
		UpdateFunc: func(_, obj interface{}) { enqueue(obj) },
	})
	factory.Start(ctx.Done())
	if !cache.WaitForCacheSync(ctx.Done(), informer.Informer().HasSynced) {
		os.Exit(1)
	}
	fmt.Println("watching configmaps labelled hotloop=true in", *namespace)
	go func() {
		<-ctx.Done()
		queue.ShutDown()
	}()

	for {
		key, shutdown := queue.Get()
		if shutdown {
			return
		}
		if err := reconcile(ctx, client, informer.Lister().ConfigMaps(*namespace), key); err != nil {
			fmt.Fprintln(os.Stderr, "reconcile", key, err)
			queue.AddRateLimited(key)
		} else {
			queue.Forget(key)
		}
		queue.Done(key)
	}
}

// The bug: the stamp changes on every pass, so every pass writes, and every write is an event.
func reconcile(ctx context.Context, client kubernetes.Interface, lister interface {
	Get(string) (*corev1.ConfigMap, error)
}, key string) error {
	_, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}
	cm, err := lister.Get(name)
	if err != nil {
		return nil // deleted
	}
	cm = cm.DeepCopy()
	if cm.Annotations == nil {
		cm.Annotations = map[string]string{}
	}
	cm.Annotations[stampAnnotation] = time.Now().UTC().Format(time.RFC3339Nano)
	_, err = client.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{FieldManager: "go-hotloop"})
	return err
}
