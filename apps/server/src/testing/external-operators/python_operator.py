"""A Guestbook operator on the official Kubernetes Python client, written the way kopf-style
operators work: list, then watch from the list's resourceVersion, and a handler for every
event that reads what it needs and patches. Nothing here knows about the console.

    python3 python_operator.py NAMESPACE [converge|flap|stale]      (reads $KUBECONFIG)

- converge: makes sure a ConfigMap "<name>-message" (owned by the Guestbook) holds
  spec.message, then reports Ready=True with observedGeneration; a handler that finds nothing
  to change writes nothing.
- flap: the classic hot loop — every event rewrites the Ready condition's lastTransitionTime,
  and the echo of that write is the next event.
- stale: slow work on a cached copy — half a second after a spec change it replaces the status
  with the copy it got in the event, resourceVersion and all, and gets 409 when someone wrote
  in between.

Prints "watching" once its watch is open.
"""
import datetime
import sys
import time

from kubernetes import client, config, watch
from kubernetes.client.rest import ApiException

GROUP, VERSION, PLURAL = 'webapp.example.com', 'v1', 'guestbooks'


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='microseconds').replace('+00:00', 'Z')


class GuestbookOperator:
    def __init__(self, namespace, mode):
        self.namespace = namespace
        self.mode = mode
        self.custom = client.CustomObjectsApi()
        self.core = client.CoreV1Api()
        self.generations = {}

    def run(self):
        announced = False
        while True:
            listed = self.custom.list_namespaced_custom_object(GROUP, VERSION, self.namespace, PLURAL)
            resource_version = listed['metadata']['resourceVersion']
            for item in listed['items']:
                self.handle('ADDED', item)
            stream = watch.Watch().stream(
                self.custom.list_namespaced_custom_object, GROUP, VERSION, self.namespace, PLURAL,
                resource_version=resource_version, allow_watch_bookmarks=True, timeout_seconds=300)
            if not announced:
                print('watching', flush=True)
                announced = True
            try:
                for event in stream:
                    if event['type'] in ('ADDED', 'MODIFIED'):
                        self.handle(event['type'], event['object'])
            except ApiException as error:
                if error.status != 410:
                    raise
                # Too old a resourceVersion: list again, as a reflector does.

    def handle(self, event_type, guestbook):
        try:
            getattr(self, self.mode)(guestbook)
        except ApiException as error:
            print(f'{self.mode} {guestbook["metadata"]["name"]}: {error.status} {error.reason}', file=sys.stderr, flush=True)

    def converge(self, guestbook):
        meta = guestbook['metadata']
        name = meta['name']
        config_map = f'{name}-message'
        message = guestbook.get('spec', {}).get('message', '')
        try:
            current = self.core.read_namespaced_config_map(config_map, self.namespace)
        except ApiException as error:
            if error.status != 404:
                raise
            current = None
        if current is None:
            owner = {'apiVersion': f'{GROUP}/{VERSION}', 'kind': 'Guestbook', 'name': name, 'uid': meta['uid'], 'controller': True, 'blockOwnerDeletion': True}
            self.core.create_namespaced_config_map(self.namespace, {'metadata': {'name': config_map, 'ownerReferences': [owner]}, 'data': {'message': message}})
        elif (current.data or {}).get('message') != message:
            self.core.patch_namespaced_config_map(config_map, self.namespace, {'data': {'message': message}})
        status = guestbook.get('status') or {}
        ready = next((c for c in status.get('conditions', []) if c['type'] == 'Ready'), None)
        if ready and ready['status'] == 'True' and status.get('observedGeneration') == meta.get('generation'):
            return
        since = ready['lastTransitionTime'] if ready and ready['status'] == 'True' else now()
        condition = {'type': 'Ready', 'status': 'True', 'reason': 'MessageStored', 'message': f'in ConfigMap {config_map}', 'lastTransitionTime': since}
        self.custom.patch_namespaced_custom_object_status(GROUP, VERSION, self.namespace, PLURAL, name, {'status': {'observedGeneration': meta.get('generation'), 'conditions': [condition]}})

    def flap(self, guestbook):
        # The bug on purpose: a fresh lastTransitionTime on every event, though Ready never changes.
        condition = {'type': 'Ready', 'status': 'True', 'reason': 'Reconciled', 'lastTransitionTime': now()}
        self.custom.patch_namespaced_custom_object_status(GROUP, VERSION, self.namespace, PLURAL, guestbook['metadata']['name'], {'status': {'conditions': [condition]}})

    def stale(self, guestbook):
        meta = guestbook['metadata']
        if self.generations.get(meta['name']) == meta.get('generation'):
            return
        self.generations[meta['name']] = meta.get('generation')
        time.sleep(0.5)
        # The copy from the event, resourceVersion included: stale if anyone wrote meanwhile.
        guestbook['status'] = {'observedGeneration': meta.get('generation')}
        self.custom.replace_namespaced_custom_object_status(GROUP, VERSION, self.namespace, PLURAL, meta['name'], guestbook)


def main():
    config.load_kube_config()
    mode = sys.argv[2] if len(sys.argv) > 2 else 'converge'
    GuestbookOperator(sys.argv[1], mode).run()


if __name__ == '__main__':
    main()
