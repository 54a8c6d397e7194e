"""The workload, networking, policy, autoscaling and storage kinds through their typed APIs:
create, read, list, patch and delete, and one object kube's validation refuses with the field
its cause names."""
from kubernetes import client

from support import api_error

LABELS = {'app': 'typed'}


def pod_template(restart_policy=None):
    spec = {'containers': [{'name': 'c', 'image': 'example.com/c:1'}]}
    if restart_policy:
        spec['restartPolicy'] = restart_policy
    return {'metadata': {'labels': LABELS}, 'spec': spec}


def autoscaling_api(api):
    """autoscaling/v2's client; Debian's python3-kubernetes (22.x) predates it, and has autoscaling/v1's."""
    typed = getattr(client, 'AutoscalingV2Api', None)
    return (typed or client.AutoscalingV1Api)(api)


def hpa(max_replicas):
    return {'metadata': {'name': 'typed'}, 'spec': {'scaleTargetRef': {'apiVersion': 'apps/v1', 'kind': 'Deployment', 'name': 'typed'}, 'minReplicas': 1, 'maxReplicas': max_replicas}}


def round_trip(ctx, api, plural, valid, patch, patched, invalid, cause_field, delete_options=None):
    """Create, read, list, patch and delete one object with `api`'s <verb>_namespaced_<plural>
    methods, then create `invalid` and expect a 422 whose causes name `cause_field`."""
    ns = ctx.namespace('py-kinds')
    call = lambda verb: getattr(api, f'{verb}_namespaced_{plural}')
    created = call('create')(ns, valid)
    assert created.metadata.uid, created.metadata
    assert call('read')(created.metadata.name, ns).metadata.uid == created.metadata.uid
    assert created.metadata.name in [i.metadata.name for i in call('list')(ns).items]
    after = call('patch')(created.metadata.name, ns, patch)
    assert patched(after), after
    assert int(after.metadata.resource_version) > int(created.metadata.resource_version)
    deleted = call('delete')(created.metadata.name, ns, **(delete_options or {}))
    # A claim keeps the kubernetes.io/pvc-protection finalizer admission gave it; no controller
    # removes it here, so the deletion completes once the client does.
    if getattr(getattr(deleted, 'metadata', None), 'finalizers', None):
        call('patch')(created.metadata.name, ns, {'metadata': {'finalizers': None}})
    assert api_error(call('read'), created.metadata.name, ns).status == 404
    err = api_error(call('create'), ns, invalid)
    assert err.status == 422 and err.parsed['reason'] == 'Invalid', err.parsed
    fields = [c.get('field') for c in err.parsed['details']['causes']]
    assert cause_field in fields, fields


def check_stateful_set(ctx):
    """AppsV1 StatefulSet: CRUD, and a selector that misses the template's labels"""
    spec = {'serviceName': 'typed', 'selector': {'matchLabels': LABELS}, 'template': pod_template()}
    round_trip(ctx, ctx.apps, 'stateful_set', {'metadata': {'name': 'typed'}, 'spec': spec}, {'spec': {'replicas': 3}}, lambda s: s.spec.replicas == 3,
               {'metadata': {'name': 'bad'}, 'spec': {**spec, 'selector': {'matchLabels': {'app': 'other'}}}}, 'spec.template.metadata.labels')


def check_daemon_set(ctx):
    """AppsV1 DaemonSet: CRUD, and a selector that misses the template's labels"""
    spec = {'selector': {'matchLabels': LABELS}, 'template': pod_template()}
    round_trip(ctx, ctx.apps, 'daemon_set', {'metadata': {'name': 'typed'}, 'spec': spec}, {'spec': {'minReadySeconds': 5}}, lambda d: d.spec.min_ready_seconds == 5,
               {'metadata': {'name': 'bad'}, 'spec': {**spec, 'selector': {'matchLabels': {'app': 'other'}}}}, 'spec.template.metadata.labels')


def check_job(ctx):
    """BatchV1 Job: CRUD, and a Pod template that restarts Always"""
    round_trip(ctx, client.BatchV1Api(ctx.api), 'job', {'metadata': {'name': 'typed'}, 'spec': {'template': pod_template('Never')}}, {'spec': {'suspend': True}}, lambda j: j.spec.suspend is True,
               {'metadata': {'name': 'bad'}, 'spec': {'template': pod_template('Always')}}, 'spec.template.spec.restartPolicy', {'propagation_policy': 'Background'})


def check_cron_job(ctx):
    """BatchV1 CronJob: CRUD, and a schedule that is not cron"""
    spec = {'schedule': '*/5 * * * *', 'jobTemplate': {'spec': {'template': pod_template('OnFailure')}}}
    round_trip(ctx, client.BatchV1Api(ctx.api), 'cron_job', {'metadata': {'name': 'typed'}, 'spec': spec}, {'spec': {'suspend': True}}, lambda c: c.spec.suspend is True,
               {'metadata': {'name': 'bad'}, 'spec': {**spec, 'schedule': 'every day'}}, 'spec.schedule')


def check_ingress(ctx):
    """NetworkingV1 Ingress: CRUD, and a Prefix path that is not absolute"""
    backend = {'service': {'name': 'typed', 'port': {'number': 80}}}
    round_trip(ctx, client.NetworkingV1Api(ctx.api), 'ingress', {'metadata': {'name': 'typed'}, 'spec': {'defaultBackend': backend}}, {'spec': {'ingressClassName': 'nginx'}},
               lambda i: i.spec.ingress_class_name == 'nginx',
               {'metadata': {'name': 'bad'}, 'spec': {'rules': [{'http': {'paths': [{'path': 'relative', 'pathType': 'Prefix', 'backend': backend}]}}]}}, 'spec.rules[0].http.paths[0].path')


def check_pod_disruption_budget(ctx):
    """PolicyV1 PodDisruptionBudget: CRUD, and both minAvailable and maxUnavailable"""
    round_trip(ctx, client.PolicyV1Api(ctx.api), 'pod_disruption_budget', {'metadata': {'name': 'typed'}, 'spec': {'minAvailable': 1, 'selector': {'matchLabels': LABELS}}},
               {'spec': {'minAvailable': 2}}, lambda p: p.spec.min_available == 2,
               {'metadata': {'name': 'bad'}, 'spec': {'minAvailable': 1, 'maxUnavailable': 1, 'selector': {'matchLabels': LABELS}}}, 'spec')


def check_horizontal_pod_autoscaler(ctx):
    """Autoscaling HorizontalPodAutoscaler (v2 where the client has it): CRUD, and maxReplicas 0"""
    round_trip(ctx, autoscaling_api(ctx.api), 'horizontal_pod_autoscaler', hpa(3), {'spec': {'maxReplicas': 5}}, lambda h: h.spec.max_replicas == 5,
               {**hpa(0), 'metadata': {'name': 'bad'}}, 'spec.maxReplicas')


def check_persistent_volume_claim(ctx):
    """CoreV1 PersistentVolumeClaim: CRUD, and one without access modes"""
    resources = {'requests': {'storage': '1Gi'}}
    round_trip(ctx, ctx.core, 'persistent_volume_claim', {'metadata': {'name': 'typed'}, 'spec': {'accessModes': ['ReadWriteOnce'], 'resources': resources}},
               {'metadata': {'labels': {'tier': 'db'}}}, lambda p: p.metadata.labels == {'tier': 'db'},
               {'metadata': {'name': 'bad'}, 'spec': {'resources': resources}}, 'spec.accessModes')


def check_self_subject_access_review(ctx):
    """AuthorizationV1 SelfSubjectAccessReview: the admin may create StatefulSets; an empty spec names spec"""
    authorization = client.AuthorizationV1Api(ctx.api)
    review = authorization.create_self_subject_access_review({'spec': {'resourceAttributes': {'verb': 'create', 'group': 'apps', 'resource': 'statefulsets', 'namespace': 'default'}}})
    assert review.status.allowed is True, review.status
    err = api_error(authorization.create_self_subject_access_review, {'spec': {}})
    assert err.status == 422, err.parsed
    causes = err.parsed['details']['causes']
    assert any(c.get('field') == 'spec' and 'exactly one of nonResourceAttributes or resourceAttributes must be specified' in c.get('message', '') for c in causes), causes
