package main

import (
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
)

// freeLoopbackPort asks the kernel for a port nobody listens on. The port is released before
// its user binds it, so another process could take it in between; on a test machine that race
// is rare enough, and the program fails loudly (bind error) rather than talking to a stranger.
func freeLoopbackPort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// startEtcd runs a single-member etcd inside this process, its data under dir, its client URL
// on a free loopback port. kube-apiserver talks to it over the network exactly as it would to a
// separate etcd: embedding only saves a second binary and a second process to stop.
func startEtcd(dir string) (*embed.Etcd, string, error) {
	clientPort, err := freeLoopbackPort()
	if err != nil {
		return nil, "", err
	}
	peerPort, err := freeLoopbackPort()
	if err != nil {
		return nil, "", err
	}
	clientURL := url.URL{Scheme: "http", Host: fmt.Sprintf("127.0.0.1:%d", clientPort)}
	peerURL := url.URL{Scheme: "http", Host: fmt.Sprintf("127.0.0.1:%d", peerPort)}

	cfg := embed.NewConfig()
	cfg.Name = "kube-oracle"
	cfg.Dir = filepath.Join(dir, "etcd")
	cfg.ListenClientUrls = []url.URL{clientURL}
	cfg.AdvertiseClientUrls = []url.URL{clientURL}
	cfg.ListenPeerUrls = []url.URL{peerURL}
	cfg.AdvertisePeerUrls = []url.URL{peerURL}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	// etcd's own logs say nothing a test reader needs; errors still show.
	cfg.LogLevel = "error"

	e, err := embed.StartEtcd(cfg)
	if err != nil {
		return nil, "", fmt.Errorf("start etcd: %w", err)
	}
	select {
	case <-e.Server.ReadyNotify():
		return e, clientURL.String(), nil
	case err := <-e.Err():
		e.Close()
		return nil, "", fmt.Errorf("etcd failed while starting: %w", err)
	case <-time.After(60 * time.Second):
		e.Close()
		return nil, "", fmt.Errorf("etcd was not ready after 60s")
	}
}
