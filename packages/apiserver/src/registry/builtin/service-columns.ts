/**
 * What `kubectl get services` prints, as kube-apiserver's printService
 * (pkg/printers/internalversion) renders it: the first cluster IP (`<none>` without one), the
 * external IP by type (`<pending>` for a LoadBalancer without ingress, the external name of an
 * ExternalName service), ports as port[:nodePort]/protocol, and, wide, the selector.
 */
import type { KubeObject, TableColumn } from '@dojo/kube-api';
import { field } from './unstructured.ts';

const column = (name: string, cell: TableColumn['cell'], priority = 0): TableColumn => ({ name, type: 'string', description: name, priority, cell });

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** loadBalancerStatusStringer: the ingress IPs or hostnames, sorted and unique (the server prints wide, untruncated). */
function loadBalancerIngress(o: KubeObject): string[] {
  const ingress = field(o, 'status', 'loadBalancer', 'ingress');
  const names = (Array.isArray(ingress) ? ingress : []).map((i) => String(field(i, 'ip') || field(i, 'hostname') || '')).filter(Boolean);
  return [...new Set(names)].sort();
}

/** getServiceExternalIP. */
function externalIP(o: KubeObject): string {
  const externalIPs = strings(field(o, 'spec', 'externalIPs'));
  switch (field(o, 'spec', 'type')) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const ips = [...loadBalancerIngress(o), ...externalIPs];
      return ips.length ? ips.join(',') : '<pending>';
    }
    case 'ExternalName':
      return String(field(o, 'spec', 'externalName') ?? '');
    default:
      return '<unknown>';
  }
}

/** makePortString. */
function ports(o: KubeObject): string {
  const list = field(o, 'spec', 'ports');
  const pieces = (Array.isArray(list) ? list : []).map((p) => {
    const nodePort = Number(field(p, 'nodePort') ?? 0);
    const protocol = String(field(p, 'protocol') ?? '');
    return nodePort > 0 ? `${String(field(p, 'port'))}:${nodePort}/${protocol}` : `${String(field(p, 'port'))}/${protocol}`;
  });
  return pieces.join(',') || '<none>';
}

/** labels.FormatLabels: sorted key=value pairs, `<none>` when empty. */
function selector(o: KubeObject): string {
  const labels = field(o, 'spec', 'selector');
  const pairs = Object.entries(labels && typeof labels === 'object' ? (labels as Record<string, unknown>) : {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${String(v)}`);
  return pairs.join(',') || '<none>';
}

export const serviceColumns: { columns: TableColumn[]; columnsAfterAge: TableColumn[] } = {
  columns: [
    column('Type', (o) => String(field(o, 'spec', 'type') ?? '')),
    column('Cluster-IP', (o) => strings(field(o, 'spec', 'clusterIPs'))[0] ?? '<none>'),
    column('External-IP', externalIP),
    column('Port(s)', ports),
  ],
  columnsAfterAge: [column('Selector', selector, 1)],
};
