"""A counter kept from a cache, on the official Kubernetes Python client: the classic lost update.
It lists the ConfigMaps of a namespace, watches them until the watch times out, and keeps what
it was sent; told "go" on stdin, it increments data.count in the ConfigMap "counter" from that
cache with a merge patch (no resourceVersion: nothing stops it); told "relist", it lists again
and increments from what it read. Nothing here knows about the console.

    python3 stale_view_client.py NAMESPACE      (reads $KUBECONFIG)

Prints "watching" once its watch is open, "cached" when the watch ended, "patched N" after
each write.
"""
import sys

from kubernetes import client, config, watch


def main():
    config.load_kube_config()
    namespace = sys.argv[1]
    core = client.CoreV1Api()
    cache = {}
    listed = core.list_namespaced_config_map(namespace)
    for item in listed.items:
        cache[item.metadata.name] = item
    stream = watch.Watch().stream(core.list_namespaced_config_map, namespace, resource_version=listed.metadata.resource_version, timeout_seconds=3)
    print('watching', flush=True)
    for event in stream:
        if event['type'] in ('ADDED', 'MODIFIED'):
            cache[event['object'].metadata.name] = event['object']
    print('cached', flush=True)
    for line in sys.stdin:
        if line.strip() == 'relist':
            cache = {item.metadata.name: item for item in core.list_namespaced_config_map(namespace).items}
        count = int(cache['counter'].data['count']) + 1
        core.patch_namespaced_config_map('counter', namespace, {'data': {'count': str(count)}})
        print(f'patched {count}', flush=True)


if __name__ == '__main__':
    main()
