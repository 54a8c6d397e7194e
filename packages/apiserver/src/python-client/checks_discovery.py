"""Discovery, the version, the dynamic client, custom resources and Events."""
import time

from kubernetes import client
from kubernetes.dynamic import DynamicClient

from support import api_error

WIDGET_CRD = {
    'apiVersion': 'apiextensions.k8s.io/v1',
    'kind': 'CustomResourceDefinition',
    'metadata': {'name': 'widgets.python.example.com'},
    'spec': {
        'group': 'python.example.com',
        'names': {'plural': 'widgets', 'singular': 'widget', 'kind': 'Widget', 'listKind': 'WidgetList'},
        'scope': 'Namespaced',
        'versions': [{
            'name': 'v1', 'served': True, 'storage': True, 'subresources': {'status': {}},
            'schema': {'openAPIV3Schema': {'type': 'object', 'properties': {
                'spec': {'type': 'object', 'properties': {'size': {'type': 'integer', 'default': 1}}},
                'status': {'type': 'object', 'properties': {'ready': {'type': 'boolean'}}},
            }}},
        }],
    },
}


def check_version(ctx):
    """/version names the Kubernetes release whose semantics the server implements"""
    version = client.VersionApi(ctx.api).get_code()
    assert (version.major, version.minor, version.git_version) == ('1', '37', 'v1.37.2-dojo'), version


def check_discovery(ctx):
    """discovery lists the core and named groups and each group's resources with verbs"""
    assert 'v1' in client.CoreApi(ctx.api).get_api_versions().versions
    groups = {g.name: g.preferred_version.group_version for g in client.ApisApi(ctx.api).get_api_versions().groups}
    assert groups['apps'] == 'apps/v1' and groups['events.k8s.io'] == 'events.k8s.io/v1', groups
    resources = {r.name: r for r in ctx.core.get_api_resources().resources}
    assert resources['configmaps'].namespaced and 'watch' in resources['configmaps'].verbs
    assert resources['namespaces'].namespaced is False
    assert 'deployments/scale' in {r.name for r in ctx.apps.get_api_resources().resources}


def check_dynamic_client(ctx):
    """the dynamic client discovers kinds and creates, lists, patches and deletes through them"""
    ns = ctx.namespace('py-dynamic')
    dyn = DynamicClient(ctx.api)
    deployments = dyn.resources.get(api_version='apps/v1', kind='Deployment')
    deployments.create(namespace=ns, body={
        'apiVersion': 'apps/v1', 'kind': 'Deployment', 'metadata': {'name': 'dyn'},
        'spec': {'selector': {'matchLabels': {'app': 'dyn'}}, 'template': {'metadata': {'labels': {'app': 'dyn'}}, 'spec': {'containers': [{'name': 'c', 'image': 'example.com/c:1'}]}}},
    })
    listed = deployments.get(namespace=ns)
    assert [i.metadata.name for i in listed.items] == ['dyn']
    patched = deployments.patch(namespace=ns, name='dyn', body={'spec': {'replicas': 3}}, content_type='application/merge-patch+json')
    assert patched.spec.replicas == 3 and patched.spec.strategy.type == 'RollingUpdate'
    status = deployments.delete(namespace=ns, name='dyn')
    assert status.status == 'Success' and status.details.kind == 'deployments', status


def check_custom_resources(ctx):
    """a CRD's custom resources are served: defaults, status, and a Success Status on delete"""
    ext = client.ApiextensionsV1Api(ctx.api)
    ext.create_custom_resource_definition(WIDGET_CRD)
    for _ in range(100):
        crd = ext.read_custom_resource_definition('widgets.python.example.com')
        if any(c.type == 'Established' and c.status == 'True' for c in crd.status.conditions or []):
            break
        time.sleep(0.05)
    ns = ctx.namespace('py-custom')
    custom = client.CustomObjectsApi(ctx.api)
    args = ('python.example.com', 'v1', ns, 'widgets')
    created = custom.create_namespaced_custom_object(*args, {'apiVersion': 'python.example.com/v1', 'kind': 'Widget', 'metadata': {'name': 'w'}, 'spec': {}})
    assert created['spec'] == {'size': 1}, created
    custom.patch_namespaced_custom_object_status(*args, 'w', {'status': {'ready': True}})
    assert custom.get_namespaced_custom_object(*args, 'w')['status'] == {'ready': True}
    assert [w['metadata']['name'] for w in custom.list_namespaced_custom_object(*args)['items']] == ['w']
    deleted = custom.delete_namespaced_custom_object(*args, 'w')
    assert deleted['kind'] == 'Status' and deleted['status'] == 'Success' and deleted['details']['kind'] == 'widgets', deleted


def check_events_validated_like_kube(ctx):
    """Events are validated like kube's: an eventTime requires reporting fields and an action"""
    ns = ctx.namespace('py-events')
    regarding = {'kind': 'Pod', 'namespace': ns, 'name': 'p', 'apiVersion': 'v1'}
    err = api_error(ctx.core.create_namespaced_event, ns, {
        'metadata': {'name': 'new-style'}, 'involvedObject': regarding, 'reason': 'Started', 'eventTime': '2026-01-01T00:00:00.000000Z',
    })
    assert err.status == 422, err.parsed
    fields = {c['field'] for c in err.parsed['details']['causes']}
    assert fields == {'action', 'reportingController', 'reportingInstance'}, fields
    ctx.core.create_namespaced_event(ns, {'metadata': {'name': 'old-style'}, 'involvedObject': regarding, 'reason': 'Started', 'message': 'ok', 'type': 'Normal'})
    events = client.EventsV1Api(ctx.api)
    err = api_error(events.create_namespaced_event, ns, {'metadata': {'name': 'no-time'}, 'regarding': regarding, 'reason': 'Started', 'action': 'Start', 'type': 'Normal'})
    assert err.status == 422 and 'eventTime: Required value' in err.parsed['message'], err.parsed
    created = events.create_namespaced_event(ns, {
        'metadata': {'name': 'complete'}, 'regarding': regarding, 'reason': 'Started', 'action': 'Start', 'type': 'Normal', 'note': 'started',
        'eventTime': '2026-01-01T00:00:00.000000Z', 'reportingController': 'example.com/starter', 'reportingInstance': 'starter-0',
    })
    assert created.reporting_controller == 'example.com/starter'
