package main

// The scenario's Deployment (status subresource, strategic patch of a list) and its deletes
// (propagation policies, finalizers): see scenario.go.

import (
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	applyappsv1 "k8s.io/client-go/applyconfigurations/apps/v1"
	applycorev1 "k8s.io/client-go/applyconfigurations/core/v1"
	applymetav1 "k8s.io/client-go/applyconfigurations/meta/v1"
)

func scenarioDeployment(name string) *appsv1.Deployment {
	labels := map[string]string{"app": name}
	replicas := int32(2)
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels},
		Spec: appsv1.DeploymentSpec{
			Replicas: &replicas,
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "web", Image: "nginx:1.27"}}},
			},
		},
	}
}

func (s *scenario) workloads() {
	deployments, ctx := s.cs.AppsV1().Deployments(s.ns), s.ctx
	record("create a Deployment", func() (any, error) {
		return objectOrError(deployments.Create(ctx, scenarioDeployment("web"), metav1.CreateOptions{}))
	})
	record("update the status subresource", func() (any, error) {
		got, err := deployments.Get(ctx, "web", metav1.GetOptions{})
		if err != nil {
			return nil, err
		}
		got.Status.Replicas, got.Status.ObservedGeneration = 2, got.Generation
		got.Spec.Replicas = nil // ignored by the status subresource
		return objectOrError(deployments.UpdateStatus(ctx, got, metav1.UpdateOptions{}))
	})
	record("merge-patch the status subresource", func() (any, error) {
		return objectOrError(deployments.Patch(ctx, "web", types.MergePatchType, []byte(`{"status":{"readyReplicas":1},"spec":{"replicas":5}}`), metav1.PatchOptions{}, "status"))
	})
	record("strategic-merge-patch a container by its name", func() (any, error) {
		return objectOrError(deployments.Patch(ctx, "web", types.StrategicMergePatchType, []byte(`{"spec":{"template":{"spec":{"containers":[{"name":"sidecar","image":"busybox:1"}]}}}}`), metav1.PatchOptions{}))
	})
	record("server-side apply a Deployment, dry run", func() (any, error) {
		cfg := applyappsv1.Deployment("applied-web", s.ns).WithSpec(applyappsv1.DeploymentSpec().
			WithSelector(applymetav1.LabelSelector().WithMatchLabels(map[string]string{"app": "applied"})).
			WithTemplate(applycorev1.PodTemplateSpec().WithLabels(map[string]string{"app": "applied"}).
				WithSpec(applycorev1.PodSpec().WithContainers(applycorev1.Container().WithName("web").WithImage("nginx:1.27")))))
		return objectOrError(deployments.Apply(ctx, cfg, metav1.ApplyOptions{FieldManager: "scenario", DryRun: []string{metav1.DryRunAll}}))
	})
	record("get the scale subresource", func() (any, error) {
		return objectOrError(deployments.GetScale(ctx, "web", metav1.GetOptions{}))
	})
	record("create an invalid Deployment: 422", func() (any, error) {
		bad := scenarioDeployment("bad")
		bad.Spec.Template.Labels = map[string]string{"app": "other"}
		bad.Spec.Template.Spec.Containers[0].Image = ""
		return deployments.Create(ctx, bad, metav1.CreateOptions{})
	})
}

func (s *scenario) deletes() {
	cms, deployments, ctx := s.configMaps(), s.cs.AppsV1().Deployments(s.ns), s.ctx
	for _, policy := range []metav1.DeletionPropagation{metav1.DeletePropagationOrphan, metav1.DeletePropagationForeground, metav1.DeletePropagationBackground} {
		name := "del-" + strings.ToLower(string(policy))
		record("delete a Deployment with propagation "+string(policy), func() (any, error) {
			if _, err := deployments.Create(ctx, scenarioDeployment(name), metav1.CreateOptions{}); err != nil {
				return nil, err
			}
			p := policy
			if err := deployments.Delete(ctx, name, metav1.DeleteOptions{PropagationPolicy: &p}); err != nil {
				return nil, err
			}
			got, err := deployments.Get(ctx, name, metav1.GetOptions{})
			if err != nil {
				return describe(err), nil
			}
			return map[string]any{"finalizers": got.Finalizers, "deleting": got.DeletionTimestamp != nil}, nil
		})
	}
	record("delete a ConfigMap held by a finalizer", func() (any, error) {
		held := labelledConfigMap("held", nil, nil)
		held.Finalizers = []string{"example.com/hold"}
		if _, err := cms.Create(ctx, held, metav1.CreateOptions{}); err != nil {
			return nil, err
		}
		if err := cms.Delete(ctx, "held", metav1.DeleteOptions{}); err != nil {
			return nil, err
		}
		return objectOrError(cms.Get(ctx, "held", metav1.GetOptions{}))
	})
	record("update a deleting object's labels", func() (any, error) {
		return objectOrError(cms.Patch(ctx, "held", types.MergePatchType, []byte(`{"metadata":{"labels":{"late":"yes"}}}`), metav1.PatchOptions{}))
	})
	record("remove the finalizer: the object goes", func() (any, error) {
		if _, err := cms.Patch(ctx, "held", types.JSONPatchType, []byte(`[{"op":"remove","path":"/metadata/finalizers"}]`), metav1.PatchOptions{}); err != nil {
			return nil, err
		}
		_, err := cms.Get(ctx, "held", metav1.GetOptions{})
		return expectError(err)
	})
	record("delete with a stale precondition: 409", func() (any, error) {
		stale := "1"
		return nil, cms.Delete(ctx, "gamma", metav1.DeleteOptions{Preconditions: &metav1.Preconditions{ResourceVersion: &stale}})
	})
	record("delete collection by label", func() (any, error) {
		if err := cms.DeleteCollection(ctx, metav1.DeleteOptions{}, metav1.ListOptions{LabelSelector: "tier=back"}); err != nil {
			return nil, err
		}
		l, err := cms.List(ctx, metav1.ListOptions{LabelSelector: "app=demo"})
		if err != nil {
			return nil, err
		}
		return configMapNames(l), nil
	})
}
