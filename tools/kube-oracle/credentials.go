package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"os"
	"path/filepath"
)

// credentials are what a client needs to call the oracle as a cluster admin, and the key the
// server signs service-account tokens with.
type credentials struct {
	token         string
	tokenFile     string
	signingKeyPEM string
}

// writeCredentials writes a static token file (kube-apiserver's --token-auth-file CSV format:
// token,user,uid,"group1,group2") naming user admin in system:masters — the group RBAC's
// cluster-admin binding grants everything to — and an ECDSA P-256 service-account signing key,
// which kube-apiserver also reads as the verifying key (it derives the public half).
func writeCredentials(dir string) (credentials, error) {
	raw := make([]byte, 24)
	if _, err := rand.Read(raw); err != nil {
		return credentials{}, err
	}
	token := hex.EncodeToString(raw)
	tokenFile := filepath.Join(dir, "tokens.csv")
	line := fmt.Sprintf("%s,admin,admin,\"system:masters\"\n", token)
	if err := os.WriteFile(tokenFile, []byte(line), 0o600); err != nil {
		return credentials{}, err
	}

	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return credentials{}, err
	}
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return credentials{}, err
	}
	keyFile := filepath.Join(dir, "service-account.key")
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		return credentials{}, err
	}
	return credentials{token: token, tokenFile: tokenFile, signingKeyPEM: keyFile}, nil
}
