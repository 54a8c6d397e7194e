package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"sigs.k8s.io/yaml"
)

// waitReady polls /readyz until kube-apiserver answers "ok": every post-start hook has run
// (RBAC bootstrap roles, CRD establishing, priority-and-fairness config), so the first request
// of a test sees the finished server. It trusts the server's own CA from certFile.
func waitReady(ctx context.Context, server, token, certFile string, failed <-chan error) error {
	client, err := httpsClient(certFile)
	if err != nil {
		return err
	}
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-failed:
			return fmt.Errorf("kube-apiserver stopped before it was ready: %w", err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, server+"/readyz", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := client.Do(req)
		if err != nil {
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK && string(body) == "ok" {
			return nil
		}
	}
	return fmt.Errorf("kube-apiserver was not ready after 3 minutes")
}

// httpsClient trusts exactly the CA kube-apiserver generated (its cert file holds the serving
// certificate followed by the self-signed CA that issued it). The file appears once the server
// has started serving, so a missing file is "not yet", not an error.
func httpsClient(certFile string) (*http.Client, error) {
	return &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{
		InsecureSkipVerify: true, // #nosec: replaced by VerifyPeerCertificate below, which checks against the generated CA once it is on disk
		VerifyPeerCertificate: func(rawCerts [][]byte, _ [][]*x509.Certificate) error {
			pemBytes, err := os.ReadFile(certFile)
			if err != nil {
				return err
			}
			pool := x509.NewCertPool()
			pool.AppendCertsFromPEM(pemBytes)
			leaf, err := x509.ParseCertificate(rawCerts[0])
			if err != nil {
				return err
			}
			_, err = leaf.Verify(x509.VerifyOptions{Roots: pool, DNSName: "127.0.0.1"})
			return err
		},
	}}}, nil
}

type kubeconfigFile struct {
	APIVersion     string `json:"apiVersion"`
	Kind           string `json:"kind"`
	CurrentContext string `json:"current-context"`
	Clusters       []struct {
		Name    string            `json:"name"`
		Cluster map[string]string `json:"cluster"`
	} `json:"clusters"`
	Contexts []struct {
		Name    string            `json:"name"`
		Context map[string]string `json:"context"`
	} `json:"contexts"`
	Users []struct {
		Name string            `json:"name"`
		User map[string]string `json:"user"`
	} `json:"users"`
}

// kubeconfigYAML is a kubeconfig for user admin (bearer token) that verifies the server with
// the CA kube-apiserver generated for itself.
func kubeconfigYAML(server, token, certFile string) ([]byte, error) {
	caPEM, err := os.ReadFile(certFile)
	if err != nil {
		return nil, err
	}
	var k kubeconfigFile
	k.APIVersion, k.Kind, k.CurrentContext = "v1", "Config", "kube-oracle"
	k.Clusters = append(k.Clusters, struct {
		Name    string            `json:"name"`
		Cluster map[string]string `json:"cluster"`
	}{"kube-oracle", map[string]string{"server": server, "certificate-authority-data": base64.StdEncoding.EncodeToString(caPEM)}})
	k.Contexts = append(k.Contexts, struct {
		Name    string            `json:"name"`
		Context map[string]string `json:"context"`
	}{"kube-oracle", map[string]string{"cluster": "kube-oracle", "user": "admin"}})
	k.Users = append(k.Users, struct {
		Name string            `json:"name"`
		User map[string]string `json:"user"`
	}{"admin", map[string]string{"token": token}})
	return yaml.Marshal(k)
}

// writeFileAtomically renames a finished file into place, so a reader polling for the
// kubeconfig never sees half of it.
func writeFileAtomically(path string, data []byte) error {
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
