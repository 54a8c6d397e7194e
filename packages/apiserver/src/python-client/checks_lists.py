"""Lists: paging as a snapshot, expired continue tokens, selectors and resourceVersion rules."""
import time

from support import api_error, configmap, names


def check_paging_is_a_snapshot(ctx):
    """pages after the first show the list as it was at the first page"""
    ns = ctx.namespace('py-paging')
    for n in 'abcd':
        ctx.core.create_namespaced_config_map(ns, configmap('page-' + n, {'v': '1'}))
    first = ctx.core.list_namespaced_config_map(ns, limit=2)
    assert names(first.items) == ['page-a', 'page-b'] and first.metadata._continue
    ctx.core.delete_namespaced_config_map('page-c', ns)
    ctx.core.patch_namespaced_config_map('page-d', ns, {'data': {'v': '2'}})
    ctx.core.create_namespaced_config_map(ns, configmap('page-e'))
    rest = ctx.core.list_namespaced_config_map(ns, limit=10, _continue=first.metadata._continue)
    assert [(i.metadata.name, i.data['v']) for i in rest.items] == [('page-c', '1'), ('page-d', '1')], rest.items
    assert rest.metadata.resource_version == first.metadata.resource_version


def check_expired_continue_token(ctx):
    """a continue token whose revision left history gets 410 Expired with a token to go on"""
    ns = ctx.namespace('py-expiry')
    for n in range(3):
        ctx.core.create_namespaced_config_map(ns, configmap('keep-%d' % n))
    first = ctx.core.list_namespaced_config_map(ns, limit=1)
    # The test server keeps a short history: enough writes push the first page's revision out.
    churn = ctx.namespace('py-churn')
    for n in range(160):
        ctx.core.create_namespaced_config_map(churn, configmap('churn-%d' % n))
    err = api_error(ctx.core.list_namespaced_config_map, ns, limit=1, _continue=first.metadata._continue)
    assert err.status == 410 and err.parsed['reason'] == 'Expired', err.parsed
    token = err.parsed['metadata']['continue']
    rest = ctx.core.list_namespaced_config_map(ns, _continue=token)
    assert names(rest.items) == ['keep-1', 'keep-2'], names(rest.items)


def check_label_and_field_selectors(ctx):
    """selects by label (=, !=, in, notin, exists) and by field"""
    ns = ctx.namespace('py-selectors')
    for name, tier in [('web', 'front'), ('api', 'back'), ('db', 'back'), ('bare', None)]:
        ctx.core.create_namespaced_config_map(ns, configmap(name, labels={'tier': tier} if tier else None))
    select = lambda **kw: names(ctx.core.list_namespaced_config_map(ns, **kw).items)
    assert select(label_selector='tier=back') == ['api', 'db']
    assert select(label_selector='tier!=back') == ['bare', 'web']
    assert select(label_selector='tier in (front,back)') == ['api', 'db', 'web']
    assert select(label_selector='tier notin (back)') == ['bare', 'web']
    assert select(label_selector='!tier') == ['bare']
    assert select(field_selector='metadata.name=db') == ['db']
    assert select(field_selector='metadata.name!=db', label_selector='tier') == ['api', 'web']
    err = api_error(ctx.core.list_namespaced_config_map, ns, field_selector='data.x=y')
    # A ConfigMap has no field conversion of its own: apimachinery's default answers (kube-apiserver 1.37's words).
    assert err.status == 400 and err.parsed['message'] == '"data.x" is not a known field selector: only "metadata.name", "metadata.namespace"', err.parsed


def check_namespace_selector_by_name(ctx):
    """every namespace, built-in ones included, is selectable by kubernetes.io/metadata.name"""
    ctx.namespace('py-labelled')
    found = ctx.core.list_namespace(label_selector='kubernetes.io/metadata.name in (default,kube-system,py-labelled)')
    assert names(found.items) == ['default', 'kube-system', 'py-labelled'], names(found.items)


def check_resource_version_match_needs_resource_version(ctx):
    """resourceVersionMatch without resourceVersion is 422 Invalid on ListOptions"""
    err = api_error(ctx.core.list_namespaced_config_map, 'default', resource_version_match='NotOlderThan')
    assert err.status == 422, err.parsed
    assert err.parsed['details'] == {'group': 'meta.k8s.io', 'kind': 'ListOptions', 'causes': err.parsed['details']['causes']}, err.parsed
    assert 'resourceVersionMatch is forbidden unless resourceVersion is provided' in err.parsed['message']


def check_not_older_than_a_future_revision(ctx):
    """NotOlderThan a revision the server never reaches waits, then answers 504 ResourceVersionTooLarge"""
    current = int(ctx.core.list_namespaced_config_map('default').metadata.resource_version)
    started = time.monotonic()
    err = api_error(ctx.core.list_namespaced_config_map, 'default', resource_version=str(current + 1000), resource_version_match='NotOlderThan')
    assert time.monotonic() - started >= 2.9
    assert err.status == 504 and err.parsed['reason'] == 'Timeout', err.parsed
    assert err.parsed['details']['causes'] == [{'reason': 'ResourceVersionTooLarge', 'message': 'Too large resource version'}], err.parsed
