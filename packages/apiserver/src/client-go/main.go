// Command client-go-check is the real client-go v0.37 against a Kubernetes API server: each
// sub-command exercises one part of client-go the way kube's own components and operators use
// it, and prints what it saw as one JSON line on stdout (the informer prints a "synced" line
// first, so its caller knows when to start writing). A failing step is reported inside the
// result with client-go's error, not as a crash, so the caller can say exactly what broke.
//
//	client-go-check informer --kubeconfig FILE --namespace NS [--widgets]
//	client-go-check typed    --kubeconfig FILE --namespace NS --samples FILE [--content-type json]
//	client-go-check dynamic  --kubeconfig FILE --namespace NS
//	client-go-check leader   --kubeconfig FILE --namespace NS
//	client-go-check scenario --kubeconfig FILE --namespace NS   (one line per action, see scenario.go)
//	client-go-check scenario-informer --kubeconfig FILE --namespace NS
//
// klog's flags (-v=5) go to stderr.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/klog/v2"
)

// options are the flags every sub-command shares.
type options struct {
	config    *rest.Config
	namespace string
	samples   string
	timeout   time.Duration
}

type command func(ctx context.Context, o options) (any, error)

var commands = map[string]command{
	"informer":          runInformer,
	"typed":             runTyped,
	"dynamic":           runDynamic,
	"leader":            runLeader,
	"scenario":          runScenario,
	"scenario-informer": runScenarioInformer,
}

const protobuf = "application/vnd.kubernetes.protobuf"

func main() {
	if len(os.Args) < 2 || commands[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: client-go-check informer|typed|dynamic|leader|scenario|scenario-informer --kubeconfig FILE [flags]")
		os.Exit(2)
	}
	name := os.Args[1]
	fs := flag.NewFlagSet(name, flag.ExitOnError)
	kubeconfig := fs.String("kubeconfig", "", "kubeconfig of the server to check")
	contentType := fs.String("content-type", "protobuf", "protobuf (what kube's components send for built-ins) or json")
	userAgent := fs.String("user-agent", "client-go-check/"+name, "User-Agent, so the server's request journal can tell runs apart")
	var o options
	fs.StringVar(&o.namespace, "namespace", "client-go-check", "namespace to work in (created if missing)")
	fs.StringVar(&o.samples, "samples", "", "typed: JSON object of one sample object per kind")
	fs.DurationVar(&o.timeout, "timeout", 90*time.Second, "give up after this long")
	klog.InitFlags(fs)
	_ = fs.Parse(os.Args[2:])

	config, err := clientcmd.BuildConfigFromFlags("", *kubeconfig)
	if err != nil {
		fail(err)
	}
	config.UserAgent = *userAgent
	config.QPS, config.Burst = 200, 400
	switch *contentType {
	case "protobuf":
		// As kube-controller-manager and the scheduler set it: protobuf for built-ins, JSON for the rest.
		config.ContentType = protobuf
		config.AcceptContentTypes = protobuf + ",application/json"
	case "json":
		// Said outright: left unset, v0.37's typed clients default to protobuf for built-ins
		// (rest.Request.UseProtobufAsDefault).
		config.ContentType = "application/json"
		config.AcceptContentTypes = "application/json"
	default:
		fail(fmt.Errorf("unknown --content-type %q", *contentType))
	}
	o.config = config

	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	result, err := commands[name](ctx, o)
	if err != nil {
		fail(err)
	}
	printLine(result)
	klog.Flush()
}

func printLine(v any) {
	line, err := json.Marshal(v)
	if err != nil {
		fail(err)
	}
	fmt.Println(string(line))
}

func fail(err error) {
	printLine(map[string]any{"fatal": describe(err)})
	klog.Flush()
	os.Exit(1)
}
