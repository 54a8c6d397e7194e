"""Watches as the Python client opens them: watch=True, bookmarks, timeouts and 410 Gone."""
import threading
import time

from kubernetes import watch

from support import api_error, configmap


def _later(seconds, action):
    timer = threading.Timer(seconds, action)
    timer.start()
    return timer


def check_watch_streams_changes(ctx):
    """a watch (watch=True) streams ADDED, MODIFIED and DELETED for the changes that follow"""
    ns = ctx.namespace('py-watch')
    rv = ctx.core.list_namespaced_config_map(ns).metadata.resource_version

    def changes():
        ctx.core.create_namespaced_config_map(ns, configmap('watched', {'v': '1'}))
        ctx.core.patch_namespaced_config_map('watched', ns, {'data': {'v': '2'}})
        ctx.core.delete_namespaced_config_map('watched', ns)

    _later(0.3, changes)
    seen = []
    w = watch.Watch()
    for event in w.stream(ctx.core.list_namespaced_config_map, ns, resource_version=rv, timeout_seconds=5):
        seen.append((event['type'], event['object'].metadata.name, (event['object'].data or {}).get('v')))
        if event['type'] == 'DELETED':
            w.stop()
    assert seen == [('ADDED', 'watched', '1'), ('MODIFIED', 'watched', '2'), ('DELETED', 'watched', '2')], seen


def check_watch_lists_first_without_resource_version(ctx):
    """a watch without resourceVersion starts with ADDED for what exists"""
    ns = ctx.namespace('py-watch-initial')
    ctx.core.create_namespaced_config_map(ns, configmap('present'))
    events = list(watch.Watch().stream(ctx.core.list_namespaced_config_map, ns, timeout_seconds=1))
    assert [(e['type'], e['object'].metadata.name) for e in events] == [('ADDED', 'present')], events


def check_watch_bookmarks(ctx):
    """allowWatchBookmarks=True brings BOOKMARK events carrying a resourceVersion"""
    ns = ctx.namespace('py-watch')
    rv = ctx.core.list_namespaced_config_map(ns).metadata.resource_version
    bookmarks = []
    w = watch.Watch()
    for event in w.stream(ctx.core.list_namespaced_config_map, ns, resource_version=rv, allow_watch_bookmarks=True, timeout_seconds=3):
        if event['type'] == 'BOOKMARK':
            bookmarks.append(event['raw_object'])
            w.stop()
    assert bookmarks and int(bookmarks[0]['metadata']['resourceVersion']) >= int(rv), bookmarks
    assert bookmarks[0]['kind'] == 'ConfigMap', bookmarks


def check_watch_ends_at_its_timeout(ctx):
    """a watch with timeoutSeconds ends by itself when the time is up"""
    ns = ctx.namespace('py-watch-quiet')
    rv = ctx.core.list_namespaced_config_map(ns).metadata.resource_version
    started = time.monotonic()
    events = list(watch.Watch().stream(ctx.core.list_namespaced_config_map, ns, resource_version=rv, timeout_seconds=1))
    elapsed = time.monotonic() - started
    assert events == [] and 0.9 <= elapsed < 3, (events, elapsed)


def check_watch_from_compacted_revision_is_gone(ctx):
    """a watch from a revision older than history ends with 410 Gone"""
    ns = ctx.namespace('py-watch-old')
    old = ctx.core.list_namespaced_config_map(ns).metadata.resource_version
    ctx.namespace('py-watch-churn')
    for n in range(160):
        ctx.core.create_namespaced_config_map('py-watch-churn', configmap('churn-%d' % n))
    err = api_error(lambda: list(watch.Watch().stream(ctx.core.list_namespaced_config_map, ns, resource_version=old, timeout_seconds=2)))
    assert err.status == 410, (err.status, err.reason)
    assert 'Expired' in err.reason and 'too old resource version' in err.reason, err.reason
