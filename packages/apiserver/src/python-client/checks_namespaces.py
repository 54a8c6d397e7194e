"""Namespaces: the name label and termination."""
import json

from support import api_error, configmap


def check_namespace_carries_its_name_label(ctx):
    """a new namespace and the built-in ones carry kubernetes.io/metadata.name"""
    ns = ctx.namespace('py-named')
    assert ctx.core.read_namespace(ns).metadata.labels == {'kubernetes.io/metadata.name': ns}
    for builtin in ['default', 'kube-system', 'kube-public', 'kube-node-lease']:
        assert ctx.core.read_namespace(builtin).metadata.labels['kubernetes.io/metadata.name'] == builtin


def check_terminating_namespace_refuses_content(ctx):
    """a deleted namespace is Terminating and refuses new objects with 403"""
    ns = ctx.namespace('py-doomed')
    # The registry answers the Namespace itself (the client's model expects a Status): read it raw.
    deleted = json.loads(ctx.core.delete_namespace(ns, _preload_content=False).data)
    assert deleted['kind'] == 'Namespace' and deleted['status']['phase'] == 'Terminating', deleted
    assert ctx.core.read_namespace(ns).status.phase == 'Terminating'
    err = api_error(ctx.core.create_namespaced_config_map, ns, configmap('late'))
    assert err.status == 403 and 'because it is being terminated' in err.parsed['message'], err.parsed
