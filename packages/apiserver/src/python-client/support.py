"""Small helpers the checks share."""
import json

from kubernetes.client.rest import ApiException


def api_error(call, *args, **kwargs):
    """The ApiException `call` raises, with its body parsed; fails when it succeeds."""
    try:
        call(*args, **kwargs)
    except ApiException as err:
        err.parsed = json.loads(err.body) if err.body else {}
        return err
    raise AssertionError('expected an API error, the call succeeded')


def configmap(name, data=None, labels=None, finalizers=None):
    metadata = {'name': name}
    if labels:
        metadata['labels'] = labels
    if finalizers:
        metadata['finalizers'] = finalizers
    return {'metadata': metadata, 'data': data or {}}


def deployment(name, replicas=1):
    labels = {'app': name}
    return {
        'metadata': {'name': name, 'labels': labels},
        'spec': {
            'replicas': replicas,
            'selector': {'matchLabels': labels},
            'template': {'metadata': {'labels': labels}, 'spec': {'containers': [{'name': 'app', 'image': 'example.com/app:1'}]}},
        },
    }


def names(items):
    return [item.metadata.name for item in items]
