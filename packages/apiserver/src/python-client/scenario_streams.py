"""The Python scenario's Deployment, deletes, watches, dynamic client and custom resources (see
scenario.py, whose `record` each function takes)."""
import json

from kubernetes import client, watch
from kubernetes.dynamic import DynamicClient


def dynamic_resource(s, api_version, kind):
    if not hasattr(s, 'dynamic'):
        s.dynamic = DynamicClient(s.api)
    return s.dynamic.resources.get(api_version=api_version, kind=kind)


def deployment(name):
    labels = {'app': name}
    return {'apiVersion': 'apps/v1', 'kind': 'Deployment', 'metadata': {'name': name, 'labels': labels},
            'spec': {'replicas': 2, 'selector': {'matchLabels': labels},
                     'template': {'metadata': {'labels': labels}, 'spec': {'containers': [{'name': 'web', 'image': 'nginx:1.27'}]}}}}


def workloads(s, record):
    apps, ns = s.apps, s.ns
    record('create a Deployment', lambda: s.view(apps.create_namespaced_deployment(ns, deployment('web'))))
    def update_status():
        current = apps.read_namespaced_deployment('web', ns)
        current.status.replicas, current.status.observed_generation = 2, current.metadata.generation
        current.spec.replicas = 7  # ignored by the status subresource
        return s.view(apps.replace_namespaced_deployment_status('web', ns, current))
    record('update the status subresource', update_status)
    record('patch the status subresource', lambda: s.view(apps.patch_namespaced_deployment_status('web', ns, {'status': {'readyReplicas': 1}, 'spec': {'replicas': 5}})))
    record('strategic-merge-patch a container by its name', lambda: s.view(apps.patch_namespaced_deployment('web', ns, {'spec': {'template': {'spec': {'containers': [{'name': 'sidecar', 'image': 'busybox:1'}]}}}})))
    def apply_dry_run():
        body = deployment('applied-web')
        body['metadata']['labels'] = {'app': 'applied'}
        body['spec']['selector'] = {'matchLabels': {'app': 'applied'}}
        body['spec']['template']['metadata']['labels'] = {'app': 'applied'}
        del body['spec']['replicas']
        got = dynamic_resource(s, 'apps/v1', 'Deployment').server_side_apply(body=json.dumps(body), name='applied-web', namespace=ns, field_manager='scenario', dry_run='All').to_dict()
        got['metadata'].pop('managedFields', None)
        return got
    record('server-side apply a Deployment, dry run', apply_dry_run)
    record('get the scale subresource', lambda: s.view(apps.read_namespaced_deployment_scale('web', ns)))
    def invalid():
        bad = deployment('bad')
        bad['spec']['template']['metadata']['labels'] = {'app': 'other'}
        bad['spec']['template']['spec']['containers'][0]['image'] = ''
        return s.view(apps.create_namespaced_deployment(ns, bad))
    record('create an invalid Deployment: 422', invalid)


def deletes(s, record):
    core, apps, ns = s.core, s.apps, s.ns
    for policy in ['Orphan', 'Foreground', 'Background']:
        def delete(policy=policy):
            name = f'del-{policy.lower()}'
            apps.create_namespaced_deployment(ns, deployment(name))
            # The client reads every delete answer as a V1Status, whatever the server sent.
            answered = s.view(apps.delete_namespaced_deployment(name, ns, propagation_policy=policy))
            try:
                got = apps.read_namespaced_deployment(name, ns)
                after = {'finalizers': got.metadata.finalizers, 'deleting': got.metadata.deletion_timestamp is not None}
            except client.ApiException as err:
                after = {'status': err.status}
            return {'answered': answered, 'after': after}
        record(f'delete a Deployment with propagation {policy}', delete)
    def held():
        core.create_namespaced_config_map(ns, {'metadata': {'name': 'held', 'finalizers': ['example.com/hold']}})
        answered = json.loads(core.delete_namespaced_config_map('held', ns, _preload_content=False).data)
        answered['metadata'].pop('managedFields', None)
        return {'answered': answered, 'after': s.view(core.read_namespaced_config_map('held', ns))}
    record('delete a ConfigMap held by a finalizer', held)
    record("update a deleting object's labels", lambda: s.view(core.patch_namespaced_config_map('held', ns, {'metadata': {'labels': {'late': 'yes'}}})))
    def release():
        core.patch_namespaced_config_map('held', ns, [{'op': 'remove', 'path': '/metadata/finalizers'}])
        return s.view(core.read_namespaced_config_map('held', ns))
    record('remove the finalizer: the object goes', release)
    record('delete with a stale precondition: 409', lambda: s.view(core.delete_namespaced_config_map('gamma', ns, body=client.V1DeleteOptions(preconditions=client.V1Preconditions(resource_version='1')))))
    def collection():
        answered = s.view(core.delete_collection_namespaced_config_map(ns, label_selector='tier=back'))
        return {'answered': answered, 'left': [cm.metadata.name for cm in core.list_namespaced_config_map(ns, label_selector='app=demo').items]}
    record('delete collection by label', collection)


def events(stream, count):
    seen = []
    for event in stream:
        obj = event['raw_object']
        if isinstance(obj, dict) and isinstance(obj.get('metadata'), dict):
            obj['metadata'].pop('managedFields', None)
        seen.append({'type': event['type'], 'object': obj, 'pythonType': type(event['object']).__name__})
        if len(seen) == count:
            break
    return seen


def streams(s, record):
    core, ns = s.core, s.ns
    start = {}
    def from_resource_version():
        start['rv'] = core.list_namespaced_config_map(ns, label_selector='watched=yes').metadata.resource_version
        core.create_namespaced_config_map(ns, {'metadata': {'name': 'watched', 'labels': {'watched': 'yes'}}, 'data': {'n': '1'}})
        core.patch_namespaced_config_map('watched', ns, {'data': {'n': '2'}})
        core.delete_namespaced_config_map('watched', ns)
        w = watch.Watch()
        seen = events(w.stream(core.list_namespaced_config_map, ns, label_selector='watched=yes', resource_version=start['rv'], timeout_seconds=30), 3)
        w.stop()
        return {'events': seen, 'watchResourceVersionIsTheLastEvents': w.resource_version == seen[-1]['object']['metadata']['resourceVersion']}
    record('watch from a resourceVersion sees the writes after it', from_resource_version)
    record('list at an earlier resourceVersion (Exact)', lambda: s.view(core.list_namespaced_config_map(ns, label_selector='app=demo', resource_version=start['rv'], resource_version_match='Exact')))
    def leaving():
        w = watch.Watch()
        stream = w.stream(core.list_namespaced_config_map, ns, label_selector='tier=front', resource_version=start['rv'], timeout_seconds=30)
        core.patch_namespaced_config_map('gamma', ns, {'metadata': {'labels': {'tier': 'rear'}}})
        seen = events(stream, 1)
        w.stop()
        return seen
    record('watch with a label selector sees an object leave it as DELETED', leaving)
    # A fresh server still holds revision 1: the watch replays from it.
    record('watch from resourceVersion 1 (history kept: replayed)', lambda: events(watch.Watch().stream(core.list_namespaced_config_map, ns, resource_version='1', timeout_seconds=5), 1))
    def dynamic_list():
        answer = dynamic_resource(s, 'v1', 'ConfigMap').get(namespace=ns, label_selector='app=demo').to_dict()
        for item in answer.get('items', []):
            item['metadata'].pop('managedFields', None)
        return answer
    record('dynamic client: list ConfigMaps', dynamic_list)
    record('dynamic client: get a missing object: 404', lambda: dynamic_resource(s, 'v1', 'ConfigMap').get(namespace=ns, name='missing').to_dict())


def widget(name, size):
    return {'apiVersion': 'checks.example.com/v1', 'kind': 'Widget', 'metadata': {'name': name, 'labels': {'app': 'widgets'}}, 'spec': {'size': size}}


def custom_resources(s, record):
    custom, ns = s.custom, s.ns
    group, version, plural = 'checks.example.com', 'v1', 'widgets'
    def strip(obj):
        obj.get('metadata', {}).pop('managedFields', None)
        return obj
    record('create a custom resource', lambda: strip(custom.create_namespaced_custom_object(group, version, ns, plural, widget('w1', 3))))
    record('create an invalid custom resource: 422', lambda: custom.create_namespaced_custom_object(group, version, ns, plural, widget('w-bad', -1)))
    def status():
        current = custom.get_namespaced_custom_object(group, version, ns, plural, 'w1')
        current['status'] = {'ready': True}
        current['spec']['size'] = 9
        return strip(custom.replace_namespaced_custom_object_status(group, version, ns, plural, 'w1', current))
    record("update a custom resource's status", status)
    # CustomObjectsApi sends a dict as a merge patch (custom resources take no strategic merge).
    record('merge-patch a custom resource', lambda: strip(custom.patch_namespaced_custom_object(group, version, ns, plural, 'w1', {'spec': {'size': 4}})))
    record('a list body to patch_namespaced_custom_object (sent as a merge patch)', lambda: strip(custom.patch_namespaced_custom_object(group, version, ns, plural, 'w1', [{'op': 'replace', 'path': '/spec/size', 'value': 6}])))
    def apply():
        got = dynamic_resource(s, 'checks.example.com/v1', 'Widget').server_side_apply(body=json.dumps(widget('w2', 7)), name='w2', namespace=ns, field_manager='scenario')
        return strip(got.to_dict())
    record('server-side apply a custom resource', apply)
    def listed():
        answer = custom.list_namespaced_custom_object(group, version, ns, plural)
        return {'apiVersion': answer['apiVersion'], 'kind': answer['kind'], 'names': [item['metadata']['name'] for item in answer['items']]}
    record('list custom resources', listed)
    record('get a missing custom resource: 404', lambda: custom.get_namespaced_custom_object(group, version, ns, plural, 'missing'))
