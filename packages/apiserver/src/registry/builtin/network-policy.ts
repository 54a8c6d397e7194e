/**
 * NetworkPolicy's rules (pkg/apis/networking/v1/defaults.go, pkg/apis/networking/validation):
 * policyTypes default to Ingress, plus Egress when egress rules are given; ports default to TCP;
 * a peer names exactly one kind of peer unless it is a pod/namespace selector pair.
 */
import { fieldError, type FieldError, type KubeObject } from '@dojo/kube-api';
import { portNameProblems, portNumberProblems } from './port-names.ts';
import { childRecord, field, record } from './unstructured.ts';

const rulesOf = (spec: Record<string, unknown>, direction: 'ingress' | 'egress'): Record<string, unknown>[] =>
  ((spec[direction] as unknown[] | undefined) ?? []).map(record);

export function defaultNetworkPolicy(obj: KubeObject): void {
  const spec = childRecord(obj, 'spec');
  spec.podSelector ??= {};
  for (const direction of ['ingress', 'egress'] as const) {
    for (const rule of rulesOf(spec, direction)) for (const port of (rule.ports as unknown[] | undefined) ?? []) record(port).protocol ??= 'TCP';
  }
  if (!Array.isArray(spec.policyTypes) || spec.policyTypes.length === 0) {
    spec.policyTypes = rulesOf(spec, 'egress').length ? ['Ingress', 'Egress'] : ['Ingress'];
  }
}

function validatePort(port: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const protocol = field(port, 'protocol');
  if (protocol !== undefined && protocol !== 'TCP' && protocol !== 'UDP' && protocol !== 'SCTP') {
    errs.push(fieldError.notSupported(`${path}.protocol`, protocol, ['TCP', 'UDP', 'SCTP']));
  }
  const value = field(port, 'port');
  const endPort = field(port, 'endPort');
  if (typeof value === 'number') {
    for (const msg of portNumberProblems(value)) errs.push(fieldError.invalid(`${path}.port`, value, msg));
    if (typeof endPort === 'number') {
      if (endPort < value) errs.push(fieldError.invalid(`${path}.endPort`, endPort, 'must be greater than or equal to `port`'));
      for (const msg of portNumberProblems(endPort)) errs.push(fieldError.invalid(`${path}.endPort`, endPort, msg));
    }
  } else if (typeof value === 'string') {
    if (endPort !== undefined) errs.push(fieldError.invalid(`${path}.endPort`, endPort, 'may not be specified when `port` is non-numeric'));
    for (const msg of portNameProblems(value)) errs.push(fieldError.invalid(`${path}.port`, value, msg));
  } else if (endPort !== undefined) {
    errs.push(fieldError.invalid(`${path}.endPort`, endPort, 'may not be specified when `port` is not specified'));
  }
  return errs;
}

function validatePeer(peer: unknown, path: string): FieldError[] {
  const kinds = ['podSelector', 'namespaceSelector', 'ipBlock'].filter((k) => field(peer, k) !== undefined);
  const errs: FieldError[] = [];
  const ipBlock = field(peer, 'ipBlock');
  if (ipBlock !== undefined && !field(ipBlock, 'cidr')) errs.push(fieldError.required(`${path}.ipBlock.cidr`));
  if (kinds.length === 0) errs.push(fieldError.required(path, 'must specify a peer'));
  else if (kinds.length > 1 && ipBlock !== undefined) errs.push(fieldError.forbidden(path, 'may not specify both ipBlock and another peer'));
  return errs;
}

export function validateNetworkPolicy(obj: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  const errs: FieldError[] = [];
  for (const [direction, peers] of [
    ['ingress', 'from'],
    ['egress', 'to'],
  ] as const) {
    rulesOf(spec, direction).forEach((rule, i) => {
      const path = `spec.${direction}[${i}]`;
      ((rule.ports as unknown[] | undefined) ?? []).forEach((port, j) => errs.push(...validatePort(port, `${path}.ports[${j}]`)));
      ((rule[peers] as unknown[] | undefined) ?? []).forEach((peer, j) => errs.push(...validatePeer(peer, `${path}.${peers}[${j}]`)));
    });
  }
  const policyTypes = (spec.policyTypes as unknown[] | undefined) ?? [];
  if (policyTypes.length > 2) return [...errs, fieldError.invalid('spec.policyTypes', policyTypes, 'may not specify more than two policyTypes')];
  policyTypes.forEach((type, i) => {
    if (type !== 'Ingress' && type !== 'Egress') errs.push(fieldError.notSupported(`spec.policyTypes[${i}]`, type, ['Ingress', 'Egress']));
  });
  return errs;
}
