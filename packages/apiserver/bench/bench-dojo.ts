/** The object the API server benchmarks write: a Dojo (packages/operator's CRD), labelled so a benchmark's own are selectable. */
export const dojo = (name: string, namespace = 'default') => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { name, namespace, labels: { bench: 'true' } },
  spec: { accountId: 'acc', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas: 1 },
});

export const dojos = (namespace = 'default') => `/apis/core.jutsu.com/v1/namespaces/${namespace}/dojos`;
