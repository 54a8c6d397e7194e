// Command kube-oracle runs the real kube-apiserver 1.37 with an embedded etcd in one process,
// on loopback, for Dojo Console's differential tests: the same requests go to it and to the
// console's embedded API server, and their answers are compared. It is the reference, so it
// runs upstream's own command (cmd/kube-apiserver/app) with upstream's flags, nothing patched.
//
// It prints a kubeconfig for user admin (group system:masters, a static token) once /readyz
// answers ok, then serves until SIGINT/SIGTERM (or, with --stop-on-stdin-eof, until its parent
// closes stdin — a test harness that dies never leaves a server behind).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"

	"k8s.io/kubernetes/cmd/kube-apiserver/app"
)

type options struct {
	port               int
	kubeconfigOut      string
	auditWebhookConfig string
	auditPolicy        string
	stopOnStdinEOF     bool
	verbosity          string
	extraArgs          stringList
}

type stringList []string

func (s *stringList) String() string     { return fmt.Sprint(*s) }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func parseOptions() options {
	var o options
	// A flag set of our own: kube-apiserver's packages register flags on the global one.
	flags := flag.NewFlagSet("kube-oracle", flag.ExitOnError)
	flags.IntVar(&o.port, "port", 0, "HTTPS port on 127.0.0.1 (0: a free port)")
	flags.StringVar(&o.kubeconfigOut, "kubeconfig-out", "", "write the kubeconfig to this file (default: print it to stdout)")
	flags.StringVar(&o.auditWebhookConfig, "audit-webhook-config-file", "", "passed to kube-apiserver")
	flags.StringVar(&o.auditPolicy, "audit-policy-file", "", "passed to kube-apiserver")
	flags.BoolVar(&o.stopOnStdinEOF, "stop-on-stdin-eof", false, "shut down when stdin closes (for test harnesses)")
	flags.StringVar(&o.verbosity, "v", "0", "kube-apiserver log verbosity")
	flags.Var(&o.extraArgs, "apiserver-arg", "an extra kube-apiserver flag, e.g. --apiserver-arg=--feature-gates=X=true (repeatable)")
	_ = flags.Parse(os.Args[1:])
	return o
}

func main() {
	// kube-apiserver's loopback client names itself (user agent, and so the field manager of
	// what it writes: CRD conditions, APIService status) after the program's name; in a real
	// cluster that is "kube-apiserver", and the comparison must see the same.
	os.Args[0] = "kube-apiserver"
	if err := run(parseOptions()); err != nil {
		fmt.Fprintln(os.Stderr, "kube-oracle:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	dir, err := os.MkdirTemp("", "kube-oracle-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	etcd, etcdURL, err := startEtcd(dir)
	if err != nil {
		return err
	}
	defer etcd.Close()

	creds, err := writeCredentials(dir)
	if err != nil {
		return err
	}
	port := o.port
	if port == 0 {
		if port, err = freeLoopbackPort(); err != nil {
			return err
		}
	}
	certDir := filepath.Join(dir, "certs")
	args := apiserverArgs(o, etcdURL, port, certDir, creds)

	// NewAPIServerCommand installs kube-apiserver's own SIGINT/SIGTERM handling (graceful
	// shutdown, then a second signal exits), so Ctrl-C stops it the upstream way.
	cmd := app.NewAPIServerCommand()
	cmd.SetArgs(args)
	failed := make(chan error, 1)
	go func() { failed <- cmd.Execute() }()

	server := fmt.Sprintf("https://127.0.0.1:%d", port)
	certFile := filepath.Join(certDir, "apiserver.crt")
	if err := waitReady(context.Background(), server, creds.token, certFile, failed); err != nil {
		return err
	}
	kubeconfig, err := kubeconfigYAML(server, creds.token, certFile)
	if err != nil {
		return err
	}
	if o.kubeconfigOut != "" {
		if err := writeFileAtomically(o.kubeconfigOut, kubeconfig); err != nil {
			return err
		}
		fmt.Printf("kube-oracle ready: %s kubeconfig %s\n", server, o.kubeconfigOut)
	} else {
		os.Stdout.Write(kubeconfig)
	}

	if o.stopOnStdinEOF {
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			// The same path as Ctrl-C: kube-apiserver's signal context drains and returns.
			_ = syscall.Kill(os.Getpid(), syscall.SIGTERM)
		}()
	}
	// Execute returns once the signal context is cancelled and the server has shut down; the
	// deferred etcd.Close and RemoveAll then leave nothing behind.
	return <-failed
}

// apiserverArgs are the flags of a small single-node control plane: serving on loopback with a
// generated certificate, static-token authentication, RBAC (as every real cluster), and the
// service-account issuer and keys kube-apiserver insists on.
func apiserverArgs(o options, etcdURL string, port int, certDir string, creds credentials) []string {
	args := []string{
		"--etcd-servers=" + etcdURL,
		"--bind-address=127.0.0.1",
		"--advertise-address=127.0.0.1",
		fmt.Sprintf("--secure-port=%d", port),
		"--cert-dir=" + certDir,
		"--token-auth-file=" + creds.tokenFile,
		"--authorization-mode=RBAC",
		"--service-account-issuer=https://kubernetes.default.svc.cluster.local",
		"--service-account-key-file=" + creds.signingKeyPEM,
		"--service-account-signing-key-file=" + creds.signingKeyPEM,
		"--service-cluster-ip-range=10.0.0.0/24",
		// The endpoint reconciler publishes the advertise address as the `kubernetes` Service's
		// endpoint and refuses a loopback one; nothing here routes to it, so it is off.
		"--endpoint-reconciler-type=none",
		"--v=" + o.verbosity,
	}
	if o.auditWebhookConfig != "" {
		args = append(args, "--audit-webhook-config-file="+o.auditWebhookConfig)
	}
	if o.auditPolicy != "" {
		args = append(args, "--audit-policy-file="+o.auditPolicy)
	}
	return append(args, o.extraArgs...)
}
