"""The differential scenario for the official Python client (src/oracle/python-client.steps.ts):
the same kind of script client-go and client-node run, against the server a kubeconfig names,
in one namespace. Every action prints one JSON line {"action", "result" | "error"}: objects as
the client deserialized them (without managedFields, which the suite's apply steps compare),
errors as the client raises them (ApiException's status, reason and parsed body).

    python3 scenario.py KUBECONFIG NAMESPACE
"""
import json
import sys

from kubernetes import client, config
from kubernetes.client.rest import ApiException
from kubernetes.dynamic.exceptions import DynamicApiError

import scenario_streams


class Scenario:
    """The clients bound to one server, and the namespace the actions work in."""

    def __init__(self, kubeconfig, namespace):
        config.load_kube_config(config_file=kubeconfig)
        self.api = client.ApiClient()
        self.core = client.CoreV1Api(self.api)
        self.apps = client.AppsV1Api(self.api)
        self.custom = client.CustomObjectsApi(self.api)
        self.ns = namespace

    def view(self, obj):
        """An object as the client holds it, as JSON, without managedFields."""
        out = self.api.sanitize_for_serialization(obj)
        if isinstance(out, dict) and isinstance(out.get('metadata'), dict):
            out['metadata'].pop('managedFields', None)
        return out


def record(action, step):
    try:
        line = {'action': action, 'result': step()}
    except ApiException as err:
        line = {'action': action, 'error': {'exception': 'ApiException', 'status': err.status, 'reason': err.reason, 'body': parse(err.body)}}
    except DynamicApiError as err:
        line = {'action': action, 'error': {'exception': type(err).__name__, 'status': err.status, 'reason': err.reason, 'summary': err.summary(), 'body': parse(err.body)}}
    except Exception as err:  # a client-side failure is a result too, named by its type
        line = {'action': action, 'error': {'exception': type(err).__name__, 'text': str(err)}}
    print(json.dumps(line, default=str), flush=True)


def parse(body):
    if isinstance(body, bytes):
        body = body.decode('utf8')
    try:
        return json.loads(body) if body else None
    except ValueError:
        return body


def configmap(name, labels=None, data=None, finalizers=None):
    metadata = {'name': name}
    if labels:
        metadata['labels'] = labels
    if finalizers:
        metadata['finalizers'] = finalizers
    return {'apiVersion': 'v1', 'kind': 'ConfigMap', 'metadata': metadata, 'data': data or {}}


def list_view(answer):
    return {'names': [item.metadata.name for item in answer.items], 'continue': answer.metadata._continue,
            'remainingItemCount': answer.metadata.remaining_item_count, 'resourceVersion': answer.metadata.resource_version}


def reads(s):
    core, ns = s.core, s.ns
    for name, tier in [('alpha', 'front'), ('beta', 'back'), ('gamma', 'front')]:
        record(f'create ConfigMap {name}', lambda: s.view(core.create_namespaced_config_map(ns, configmap(name, {'app': 'demo', 'tier': tier}, {'k': name}))))
    record('get a ConfigMap', lambda: s.view(core.read_namespaced_config_map('alpha', ns)))
    for action, labels, fields in [
        ('list by label equality', 'tier=front', None),
        ('list by label set', 'tier in (back),app', None),
        ('list by label inequality', 'tier!=front', None),
        ('list by field selector', None, 'metadata.name=beta'),
        ('list by both selectors', 'app=demo', 'metadata.name!=alpha'),
        ('list by an unsupported field: 400', None, 'data.k=alpha'),
        ('list by a malformed label selector: 400', 'tier in front', None),
    ]:
        record(action, lambda: list_view(core.list_namespaced_config_map(ns, label_selector=labels, field_selector=fields)))
    first = {}
    def first_page():
        answer = core.list_namespaced_config_map(ns, limit=2, label_selector='app=demo')
        first['token'] = answer.metadata._continue
        return list_view(answer)
    record('list the first page (limit 2)', first_page)
    record('list the next page (continue)', lambda: list_view(core.list_namespaced_config_map(ns, limit=2, label_selector='app=demo', _continue=first.get('token'))))
    record('list with a bad continue token: 400', lambda: list_view(core.list_namespaced_config_map(ns, limit=2, _continue='not-a-token')))
    # The typed read takes no resourceVersion; the dynamic client passes one. Of an object
    # written many requests ago: resourceVersion 0 may be served by a lagging watch cache.
    record('get at resourceVersion 0 (any cached state)', lambda: s.view(scenario_streams.dynamic_resource(s, 'v1', 'ConfigMap').get(name='alpha', namespace=ns, resource_version='0').to_dict()))


def writes(s):
    core, ns = s.core, s.ns
    held = {}
    def update_fresh():
        current = core.read_namespaced_config_map('alpha', ns)
        held['stale'] = s.api.sanitize_for_serialization(current)
        current.data['k'] = 'updated'
        return s.view(core.replace_namespaced_config_map('alpha', ns, current))
    record('update with the current resourceVersion', update_fresh)
    def update_stale():
        stale = held['stale']
        stale['data']['k'] = 'stale'
        return s.view(core.replace_namespaced_config_map('alpha', ns, stale))
    record('update with a stale resourceVersion: 409', update_stale)
    # This client sends a dict as a strategic merge patch and a list as a JSON patch; a merge
    # patch and an apply go through its dynamic client, which takes a content type.
    dyn_cms = scenario_streams.dynamic_resource(s, 'v1', 'ConfigMap')
    record('merge patch', lambda: s.view(dyn_cms.patch(name='alpha', namespace=ns, body={'data': {'merged': 'yes', 'k': None}}, content_type='application/merge-patch+json').to_dict()))
    record('strategic merge patch', lambda: s.view(core.patch_namespaced_config_map('alpha', ns, {'metadata': {'labels': {'patched': 'strategic'}}, 'data': {'sm': '1'}})))
    record('JSON patch', lambda: s.view(core.patch_namespaced_config_map('alpha', ns, [{'op': 'add', 'path': '/data/json', 'value': '1'}, {'op': 'replace', 'path': '/metadata/labels/tier', 'value': 'middle'}])))
    record('JSON patch whose test fails: 422', lambda: s.view(core.patch_namespaced_config_map('alpha', ns, [{'op': 'test', 'path': '/data/json', 'value': '2'}])))
    record('JSON patch of a missing path: 422', lambda: s.view(core.patch_namespaced_config_map('alpha', ns, [{'op': 'remove', 'path': '/data/nope'}])))
    def apply(manager, value, **kw):
        got = dyn_cms.server_side_apply(body=json.dumps(configmap('applied', data={'shared': value})), name='applied', namespace=ns, field_manager=manager, **kw).to_dict()
        return {'data': got['data'], 'managers': [f"{m['manager']} {m['operation']}" for m in got['metadata']['managedFields']], 'resourceVersion': got['metadata']['resourceVersion']}
    record('server-side apply by manager one', lambda: apply('one', 'one'))
    record('server-side apply of the same field by manager two: 409 conflict', lambda: apply('two', 'two'))
    record('server-side apply forced by manager two', lambda: apply('two', 'two', force_conflicts=True))
    record('dry-run create', lambda: s.view(core.create_namespaced_config_map(ns, configmap('dry', data={'a': '1'}), dry_run='All')))
    record('dry-run create stored nothing: 404', lambda: s.view(core.read_namespaced_config_map('dry', ns)))
    record('dry-run delete', lambda: s.view(core.delete_namespaced_config_map('beta', ns, dry_run='All')))
    record('dry-run delete kept the object', lambda: s.view(core.read_namespaced_config_map('beta', ns)))


def errors(s):
    core, ns = s.core, s.ns
    record('get a missing ConfigMap: 404', lambda: s.view(core.read_namespaced_config_map('missing', ns)))
    record('create an existing ConfigMap: 409', lambda: s.view(core.create_namespaced_config_map(ns, configmap('gamma'))))
    record('create with an invalid name: 422', lambda: s.view(core.create_namespaced_config_map(ns, configmap('Not_Valid', {'bad key!': 'x'}))))
    record('create in a missing namespace: 404', lambda: s.view(core.create_namespaced_config_map('no-such-namespace', configmap('x'))))
    record('create with a body that is not an object: 400', lambda: s.view(core.create_namespaced_config_map(ns, ['not', 'an', 'object'])))
    record('delete a missing ConfigMap: 404', lambda: s.view(core.delete_namespaced_config_map('missing', ns)))


def main():
    s = Scenario(sys.argv[1], sys.argv[2])
    record('create the namespace', lambda: s.view(s.core.create_namespace({'metadata': {'name': s.ns}})))
    reads(s)
    writes(s)
    scenario_streams.workloads(s, record)
    scenario_streams.deletes(s, record)
    errors(s)
    scenario_streams.streams(s, record)
    scenario_streams.custom_resources(s, record)


if __name__ == '__main__':
    main()
