package main

import (
	"context"
	"errors"
	"time"

	coordinationv1 "k8s.io/api/coordination/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
)

const leaseName = "client-go-check"

// candidate is one leader elector on the shared Lease, run until its context ends.
type candidate struct {
	leading chan struct{}
	done    chan struct{}
	cancel  context.CancelFunc
}

func startCandidate(ctx context.Context, cs kubernetes.Interface, ns, identity string) (*candidate, error) {
	lock := &resourcelock.LeaseLock{
		LeaseMeta:  metav1.ObjectMeta{Name: leaseName, Namespace: ns},
		Client:     cs.CoordinationV1(),
		LockConfig: resourcelock.ResourceLockConfig{Identity: identity},
	}
	c := &candidate{leading: make(chan struct{}), done: make(chan struct{})}
	elector, err := leaderelection.NewLeaderElector(leaderelection.LeaderElectionConfig{
		Lock: lock,
		// Short, but in the ratios client-go requires (LeaseDuration > RenewDeadline > RetryPeriod·1.2).
		LeaseDuration:   4 * time.Second,
		RenewDeadline:   3 * time.Second,
		RetryPeriod:     300 * time.Millisecond,
		ReleaseOnCancel: true,
		Name:            identity,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: func(context.Context) { close(c.leading) },
			OnStoppedLeading: func() {},
		},
	})
	if err != nil {
		return nil, err
	}
	runCtx, cancel := context.WithCancel(ctx)
	c.cancel = cancel
	go func() {
		defer close(c.done)
		elector.Run(runCtx)
	}()
	return c, nil
}

func (c *candidate) stop() { c.cancel(); <-c.done }

// runLeader: candidate "a" acquires the Lease and renews it while "b" waits; "a" releases on
// cancel (ReleaseOnCancel), and "b" takes over at its next retry instead of waiting out the
// lease.
func runLeader(ctx context.Context, o options) (any, error) {
	cs, err := kubernetes.NewForConfig(o.config)
	if err != nil {
		return nil, err
	}
	if err := ensureNamespace(ctx, cs, o.namespace); err != nil {
		return nil, err
	}
	leases := cs.CoordinationV1().Leases(o.namespace)
	lease := func() (*coordinationv1.Lease, error) { return leases.Get(ctx, leaseName, metav1.GetOptions{}) }

	a, err := startCandidate(ctx, cs, o.namespace, "candidate-a")
	if err != nil {
		return nil, err
	}
	select {
	case <-a.leading:
	case <-time.After(10 * time.Second):
		return nil, errors.New("candidate-a never acquired the lease")
	}
	acquired, err := lease()
	if err != nil {
		return nil, err
	}
	b, err := startCandidate(ctx, cs, o.namespace, "candidate-b")
	if err != nil {
		return nil, err
	}
	defer b.stop()

	// Watch a's renewals: each one moves spec.renewTime.
	renewals := 0
	last := acquired.Spec.RenewTime
	for deadline := time.Now().Add(8 * time.Second); renewals < 2 && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		l, err := lease()
		if err != nil {
			return nil, err
		}
		if l.Spec.RenewTime != nil && (last == nil || !l.Spec.RenewTime.Equal(last)) {
			renewals++
			last = l.Spec.RenewTime
		}
	}
	bLedWhileAHeld := false
	select {
	case <-b.leading:
		bLedWhileAHeld = true
	default:
	}

	a.stop()
	released, err := lease()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	bTookOver := false
	select {
	case <-b.leading:
		bTookOver = true
	case <-time.After(3 * time.Second): // under LeaseDuration: only a released lease is taken this fast
	}
	taken, err := lease()
	if err != nil {
		return nil, err
	}
	return map[string]any{
		"acquiredBy":          str(acquired.Spec.HolderIdentity),
		"leaseDurationSecs":   i32(acquired.Spec.LeaseDurationSeconds),
		"renewals":            renewals,
		"bLedWhileAHeld":      bLedWhileAHeld,
		"holderAfterRelease":  str(released.Spec.HolderIdentity),
		"bTookOver":           bTookOver,
		"takeOverMs":          time.Since(start).Milliseconds(),
		"holderAfterTakeOver": str(taken.Spec.HolderIdentity),
		"leaseTransitions":    i32(taken.Spec.LeaseTransitions),
	}, nil
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func i32(p *int32) int32 {
	if p == nil {
		return 0
	}
	return *p
}
