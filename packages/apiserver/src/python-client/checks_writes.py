"""Writes beyond CRUD: server-side apply with force, subresources, finalizers, propagation."""
import json

from kubernetes.dynamic import DynamicClient

from support import api_error, configmap, deployment


def check_server_side_apply_with_force(ctx):
    """server-side apply reports a conflict with another manager, and force=True takes the field"""
    ns = ctx.namespace('py-apply')
    dyn = DynamicClient(ctx.api)
    cms = dyn.resources.get(api_version='v1', kind='ConfigMap')
    # This client sends an apply patch only as text (its REST layer serializes dicts as JSON only).
    apply = lambda value, manager, **kw: cms.server_side_apply(
        body=json.dumps({'apiVersion': 'v1', 'kind': 'ConfigMap', 'metadata': {'name': 'owned'}, 'data': {'owner': value}}),
        name='owned', namespace=ns, field_manager=manager, **kw)
    apply('first', 'first')
    err = api_error(apply, 'second', 'second')
    assert err.status == 409 and 'conflict with "first"' in err.parsed['message'], err.parsed
    forced = apply('second', 'second', force_conflicts=True)
    assert forced.data.owner == 'second'
    managers = [(m.manager, m.operation) for m in forced.metadata.managedFields]
    assert ('second', 'Apply') in managers and ('first', 'Apply') not in managers, managers


def check_status_subresource(ctx):
    """status is written through /status only; the main resource ignores it"""
    ns = ctx.namespace('py-subresources')
    ctx.apps.create_namespaced_deployment(ns, deployment('web'))
    patched = ctx.apps.patch_namespaced_deployment_status('web', ns, {'status': {'replicas': 1, 'readyReplicas': 1, 'observedGeneration': 1}})
    assert patched.status.ready_replicas == 1
    current = ctx.apps.read_namespaced_deployment('web', ns)
    current.status.ready_replicas = 5
    current.spec.template.metadata.labels['extra'] = 'x'
    current.spec.selector.match_labels = {'app': 'web'}
    updated = ctx.apps.replace_namespaced_deployment('web', ns, current)
    assert updated.status.ready_replicas == 1 and updated.metadata.generation == 2, (updated.status, updated.metadata.generation)


def check_scale_subresource(ctx):
    """reads and writes replicas through /scale, down to zero"""
    ns = ctx.namespace('py-subresources')
    ctx.apps.create_namespaced_deployment(ns, deployment('scaled', replicas=2))
    scale = ctx.apps.read_namespaced_deployment_scale('scaled', ns)
    assert scale.spec.replicas == 2 and scale.kind == 'Scale'
    ctx.apps.patch_namespaced_deployment_scale('scaled', ns, {'spec': {'replicas': 4}})
    assert ctx.apps.read_namespaced_deployment('scaled', ns).spec.replicas == 4
    scale = ctx.apps.read_namespaced_deployment_scale('scaled', ns)
    scale.spec.replicas = 0
    ctx.apps.replace_namespaced_deployment_scale('scaled', ns, scale)
    assert ctx.apps.read_namespaced_deployment('scaled', ns).spec.replicas == 0


def check_finalizers_hold_deletion(ctx):
    """a finalizer keeps a deleted object, with its deletionTimestamp, until it is removed"""
    ns = ctx.namespace('py-finalizers')
    ctx.core.create_namespaced_config_map(ns, configmap('held', finalizers=['example.com/cleanup']))
    # While held, the delete answers the object, not a Status: read it raw.
    answered = json.loads(ctx.core.delete_namespaced_config_map('held', ns, _preload_content=False).data)
    assert answered['kind'] == 'ConfigMap' and answered['metadata']['deletionTimestamp'], answered
    held = ctx.core.read_namespaced_config_map('held', ns)
    assert held.metadata.deletion_timestamp is not None and held.metadata.finalizers == ['example.com/cleanup']
    ctx.core.patch_namespaced_config_map('held', ns, {'metadata': {'finalizers': None}})
    assert api_error(ctx.core.read_namespaced_config_map, 'held', ns).status == 404


def check_orphan_dependents(ctx):
    """orphanDependents=True (as the client sends it) adds the orphan finalizer"""
    ns = ctx.namespace('py-finalizers')
    ctx.core.create_namespaced_config_map(ns, configmap('parent', finalizers=['example.com/hold']))
    ctx.core.delete_namespaced_config_map('parent', ns, orphan_dependents=True)
    assert ctx.core.read_namespaced_config_map('parent', ns).metadata.finalizers == ['example.com/hold', 'orphan']
