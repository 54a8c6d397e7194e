"""Create, read, update, patch and delete, and the conflicts between writers."""
from kubernetes import client

from support import api_error, configmap


def check_crud(ctx):
    """creates, reads, replaces, patches and deletes a ConfigMap"""
    ns = ctx.namespace('py-crud')
    created = ctx.core.create_namespaced_config_map(ns, configmap('settings', {'color': 'blue'}))
    assert created.metadata.uid and created.metadata.resource_version
    read = ctx.core.read_namespaced_config_map('settings', ns)
    assert read.data == {'color': 'blue'}
    read.data['size'] = '3'
    replaced = ctx.core.replace_namespaced_config_map('settings', ns, read)
    assert int(replaced.metadata.resource_version) > int(created.metadata.resource_version)
    patched = ctx.core.patch_namespaced_config_map('settings', ns, {'data': {'color': 'red'}})
    assert patched.data == {'color': 'red', 'size': '3'}, patched.data
    ctx.core.delete_namespaced_config_map('settings', ns)
    assert api_error(ctx.core.read_namespaced_config_map, 'settings', ns).status == 404


def check_delete_answers_status_for_configmaps(ctx):
    """deleting a ConfigMap answers a Success Status naming the deleted object"""
    ns = ctx.namespace('py-crud')
    created = ctx.core.create_namespaced_config_map(ns, configmap('gone'))
    status = ctx.core.delete_namespaced_config_map('gone', ns)
    assert isinstance(status, client.V1Status), type(status)
    assert status.status == 'Success', status
    assert (status.details.name, status.details.kind, status.details.uid) == ('gone', 'configmaps', created.metadata.uid), status.details


def check_delete_answers_the_pod(ctx):
    """deleting a Pod answers the Pod, as its registry returns deleted objects"""
    ns = ctx.namespace('py-crud')
    ctx.core.create_namespaced_pod(ns, {'metadata': {'name': 'runner'}, 'spec': {'containers': [{'name': 'c', 'image': 'example.com/c:1'}]}})
    deleted = ctx.core.delete_namespaced_pod('runner', ns)
    assert isinstance(deleted, client.V1Pod) and deleted.metadata.name == 'runner', deleted


def check_stale_update_conflicts(ctx):
    """a replace with a stale resourceVersion fails with 409 Conflict"""
    ns = ctx.namespace('py-crud')
    stale = ctx.core.create_namespaced_config_map(ns, configmap('contested', {'v': '1'}))
    ctx.core.patch_namespaced_config_map('contested', ns, {'data': {'v': '2'}})
    stale.data = {'v': '3'}
    err = api_error(ctx.core.replace_namespaced_config_map, 'contested', ns, stale)
    assert err.status == 409 and err.parsed['reason'] == 'Conflict', err.parsed
    assert 'the object has been modified; please apply your changes to the latest version and try again' in err.parsed['message']


def check_create_twice_already_exists(ctx):
    """creating a name twice fails with 409 AlreadyExists, reading a missing one with 404"""
    ns = ctx.namespace('py-crud')
    ctx.core.create_namespaced_config_map(ns, configmap('twice'))
    assert api_error(ctx.core.create_namespaced_config_map, ns, configmap('twice')).parsed['reason'] == 'AlreadyExists'
    assert api_error(ctx.core.read_namespaced_config_map, 'never', ns).parsed['reason'] == 'NotFound'


def check_dry_run_persists_nothing(ctx):
    """a dry-run create answers the object and stores nothing"""
    ns = ctx.namespace('py-crud')
    answered = ctx.core.create_namespaced_config_map(ns, configmap('dry'), dry_run='All')
    assert answered.metadata.name == 'dry'
    assert api_error(ctx.core.read_namespaced_config_map, 'dry', ns).status == 404
