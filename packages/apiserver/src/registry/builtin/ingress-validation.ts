/**
 * Ingress and IngressClass validation (pkg/apis/networking/validation): the mistakes people make
 * with an Ingress, reported at kube's field paths with kube's messages. pathType has no default
 * in networking.k8s.io/v1: it is required.
 */
import { fieldError, validateDNS1123Label, validateDNS1123Subdomain, type FieldError, type KubeObject } from '@dojo/kube-api';
import { portNameProblems, portNumberProblems } from './port-names.ts';
import { field, record } from './unstructured.ts';

const supportedPathTypes = ['Exact', 'ImplementationSpecific', 'Prefix'];
const invalidPathSequences = ['//', '/./', '/../', '%2f', '%2F'];
const invalidPathSuffixes = ['/..', '/.'];
const ingressClassAnnotation = 'kubernetes.io/ingress.class';

const isIpAddress = (host: string): boolean => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || (host.includes(':') && /^[0-9a-fA-F:.]+$/.test(host));

/** IsWildcardDNS1123Subdomain: "*." followed by a DNS subdomain. */
function wildcardHostProblems(host: string): string[] {
  const rest = host.startsWith('*.') ? host.slice(2) : undefined;
  if (rest !== undefined && !rest.includes('*') && validateDNS1123Subdomain(rest).length === 0) return [];
  return [
    "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
  ];
}

function validateBackend(backend: unknown, path: string): FieldError[] {
  const service = field(backend, 'service');
  const resource = field(backend, 'resource');
  if (resource !== undefined && service !== undefined) return [fieldError.invalid(path, '', 'cannot set both resource and service backends')];
  const errs: FieldError[] = [];
  if (resource !== undefined) {
    if (!field(resource, 'kind')) errs.push(fieldError.required(`${path}.resource.kind`));
    if (!field(resource, 'name')) errs.push(fieldError.required(`${path}.resource.name`));
    return errs;
  }
  if (service === undefined) return [fieldError.invalid(path, '', 'resource or service backend is required')];
  const name = String(field(service, 'name') ?? '');
  if (!name) errs.push(fieldError.required(`${path}.service.name`));
  else for (const msg of validateDNS1123Label(name)) errs.push(fieldError.invalid(`${path}.service.name`, name, msg));
  const portName = String(field(service, 'port', 'name') ?? '');
  const portNumber = Number(field(service, 'port', 'number') ?? 0);
  if (portName && portNumber) errs.push(fieldError.invalid(path, '', 'cannot set both port name & port number'));
  else if (portName) for (const msg of portNameProblems(portName)) errs.push(fieldError.invalid(`${path}.service.port.name`, portName, msg));
  else if (portNumber) for (const msg of portNumberProblems(portNumber)) errs.push(fieldError.invalid(`${path}.service.port.number`, portNumber, msg));
  else errs.push(fieldError.required(path, 'port name or number is required'));
  return errs;
}

function validatePath(httpPath: unknown, path: string): FieldError[] {
  const pathType = field(httpPath, 'pathType');
  if (pathType === undefined || pathType === null) return [fieldError.required(`${path}.pathType`, 'pathType must be specified')];
  const value = String(field(httpPath, 'path') ?? '');
  const errs: FieldError[] = [];
  if (pathType === 'Exact' || pathType === 'Prefix') {
    if (!value.startsWith('/')) errs.push(fieldError.invalid(`${path}.path`, value, 'must be an absolute path'));
    for (const seq of invalidPathSequences) if (value.includes(seq)) errs.push(fieldError.invalid(`${path}.path`, value, `must not contain '${seq}'`));
    for (const suffix of invalidPathSuffixes) if (value.endsWith(suffix)) errs.push(fieldError.invalid(`${path}.path`, value, `cannot end with '${suffix}'`));
  } else if (pathType === 'ImplementationSpecific') {
    if (value && !value.startsWith('/')) errs.push(fieldError.invalid(`${path}.path`, value, 'must be an absolute path'));
  } else {
    errs.push(fieldError.notSupported(`${path}.pathType`, pathType, supportedPathTypes));
  }
  errs.push(...validateBackend(field(httpPath, 'backend') ?? {}, `${path}.backend`));
  return errs;
}

function validateRules(rules: unknown[]): FieldError[] {
  const errs: FieldError[] = [];
  rules.forEach((rule, i) => {
    const host = String(field(rule, 'host') ?? '');
    const path = `spec.rules[${i}]`;
    if (host) {
      if (isIpAddress(host)) errs.push(fieldError.invalid(`${path}.host`, host, 'must be a DNS name, not an IP address'));
      const problems = host.includes('*') ? wildcardHostProblems(host) : validateDNS1123Subdomain(host);
      for (const msg of problems) errs.push(fieldError.invalid(`${path}.host`, host, msg));
    }
    const http = field(rule, 'http');
    if (http === undefined) return;
    const paths = (field(http, 'paths') as unknown[] | undefined) ?? [];
    if (paths.length === 0) errs.push(fieldError.required(`${path}.http.paths`));
    paths.forEach((p, j) => errs.push(...validatePath(p, `${path}.http.paths[${j}]`)));
  });
  return errs;
}

export function validateIngress(obj: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  const rules = (spec.rules as unknown[] | undefined) ?? [];
  const errs: FieldError[] = [];
  if (rules.length === 0 && spec.defaultBackend === undefined) {
    errs.push(fieldError.invalid('spec', spec.rules, 'either `defaultBackend` or `rules` must be specified'));
  }
  if (spec.defaultBackend !== undefined) errs.push(...validateBackend(spec.defaultBackend, 'spec.defaultBackend'));
  errs.push(...validateRules(rules));
  ((spec.tls as unknown[] | undefined) ?? []).forEach((tls, i) => {
    ((field(tls, 'hosts') as string[] | undefined) ?? []).forEach((host, j) => {
      const problems = host.includes('*') ? wildcardHostProblems(host) : validateDNS1123Subdomain(host);
      for (const msg of problems) errs.push(fieldError.invalid(`spec.tls[${i}].hosts[${j}]`, host, msg));
    });
  });
  if (typeof spec.ingressClassName === 'string') {
    for (const msg of validateDNS1123Subdomain(spec.ingressClassName)) errs.push(fieldError.invalid('spec.ingressClassName', spec.ingressClassName, msg));
  }
  return errs;
}

/** ValidateIngressCreate adds: the legacy class annotation may not contradict ingressClassName. */
export function validateIngressCreate(obj: KubeObject): FieldError[] {
  const errs = validateIngress(obj);
  const annotation = obj.metadata.annotations?.[ingressClassAnnotation];
  const className = field(obj, 'spec', 'ingressClassName');
  if (annotation !== undefined && typeof className === 'string' && annotation !== className) {
    errs.push(fieldError.invalid(`annotations.${ingressClassAnnotation}`, annotation, 'must match `ingressClassName` when both are specified'));
  }
  return errs;
}

const domainPrefixedPath = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/\S+$/;

export function validateIngressClass(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const controller = String(field(obj, 'spec', 'controller') ?? '');
  if (controller.length > 250) errs.push(fieldError.tooLong('spec.controller', '', 250));
  if (!controller) errs.push(fieldError.required('spec.controller'));
  else if (!domainPrefixedPath.test(controller))
    errs.push(fieldError.invalid('spec.controller', controller, 'must be a domain-prefixed path (such as "acme.io/foo")'));
  const params = field(obj, 'spec', 'parameters');
  if (params !== undefined) {
    const path = 'spec.parameters';
    if (!field(params, 'kind')) errs.push(fieldError.required(`${path}.kind`));
    if (!field(params, 'name')) errs.push(fieldError.required(`${path}.name`));
    const scope = field(params, 'scope');
    if (scope !== 'Cluster' && scope !== 'Namespace') errs.push(fieldError.notSupported(`${path}.scope`, scope, ['Cluster', 'Namespace']));
    if (scope === 'Namespace' && !field(params, 'namespace')) errs.push(fieldError.required(`${path}.namespace`, "`parameters.scope` is set to 'Namespace'"));
    if (scope === 'Cluster' && field(params, 'namespace') !== undefined)
      errs.push(fieldError.forbidden(`${path}.namespace`, "`parameters.scope` is set to 'Cluster'"));
  }
  return errs;
}

export function validateIngressClassUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateIngressClass(obj);
  const controller = field(obj, 'spec', 'controller');
  if (controller !== field(old, 'spec', 'controller')) errs.push(fieldError.invalid('spec.controller', controller, 'field is immutable'));
  return errs;
}
