// Command controller-runtime-webhook is an admission webhook written the way kubebuilder
// scaffolds one (`kubebuilder create webhook --defaulting --programmatic-validation`): a
// Defaulter and a Validator registered with controller-runtime's webhook server. The tests run
// it as its own process against the embedded API server, for ConfigMaps:
//
//   - /mutate-v1-configmap labels every ConfigMap defaulted-by=controller-runtime;
//   - /validate-v1-configmap refuses one whose data has the key "forbidden", and warns about
//     one whose data has the key "deprecated".
package main

import (
	"context"
	"errors"
	"flag"
	"os"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

type configMapDefaulter struct{}

func (configMapDefaulter) Default(_ context.Context, cm *corev1.ConfigMap) error {
	if cm.Labels == nil {
		cm.Labels = map[string]string{}
	}
	cm.Labels["defaulted-by"] = "controller-runtime"
	return nil
}

type configMapValidator struct{}

func (configMapValidator) validate(cm *corev1.ConfigMap) (admission.Warnings, error) {
	if _, found := cm.Data["forbidden"]; found {
		return nil, errors.New("data.forbidden is not allowed")
	}
	if _, found := cm.Data["deprecated"]; found {
		return admission.Warnings{"data.deprecated will be removed"}, nil
	}
	return nil, nil
}

func (v configMapValidator) ValidateCreate(_ context.Context, cm *corev1.ConfigMap) (admission.Warnings, error) {
	return v.validate(cm)
}

func (v configMapValidator) ValidateUpdate(_ context.Context, _, cm *corev1.ConfigMap) (admission.Warnings, error) {
	return v.validate(cm)
}

func (configMapValidator) ValidateDelete(context.Context, *corev1.ConfigMap) (admission.Warnings, error) {
	return nil, nil
}

func main() {
	port := flag.Int("port", 9443, "port to listen on")
	certDir := flag.String("cert-dir", "", "directory holding tls.crt and tls.key")
	flag.Parse()
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		panic(err)
	}
	server := webhook.NewServer(webhook.Options{Host: "127.0.0.1", Port: *port, CertDir: *certDir})
	server.Register("/mutate-v1-configmap", admission.WithDefaulter[*corev1.ConfigMap](scheme, configMapDefaulter{}))
	server.Register("/validate-v1-configmap", admission.WithValidator[*corev1.ConfigMap](scheme, configMapValidator{}))
	if err := server.Start(context.Background()); err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
}
