/**
 * core/v1 Endpoints (pkg/registry/core/endpoint and validateEndpointSubsets): each subset has
 * addresses with valid IPs, and ports named when there are several, each with a protocol
 * (SetDefaults_Endpoints makes it TCP).
 */
import { isIP } from 'node:net';
import { fieldError, validateDNS1123Label, type FieldError, type KubeObject } from '@dojo/kube-api';
import type { Strategy } from '../strategy.ts';
import { record } from './unstructured.ts';

const protocols = ['SCTP', 'TCP', 'UDP'];

function defaultEndpoints(obj: KubeObject): void {
  for (const subset of Array.isArray(obj.subsets) ? obj.subsets : []) {
    for (const port of Array.isArray(record(subset).ports) ? (record(subset).ports as unknown[]) : []) record(port).protocol ??= 'TCP';
  }
}

/** ValidateEndpointIP: an IP an endpoint can route to. */
function validateAddress(address: unknown, path: string): FieldError[] {
  const a = record(address);
  const errs: FieldError[] = [];
  const ip = typeof a.ip === 'string' ? a.ip : '';
  if (isIP(ip) === 0) errs.push(fieldError.invalid(`${path}.ip`, ip, 'must be a valid IP address'));
  else if (ip === '0.0.0.0' || ip === '::') errs.push(fieldError.invalid(`${path}.ip`, ip, `may not be unspecified (${ip})`));
  else if (ip.startsWith('127.') || ip === '::1') errs.push(fieldError.invalid(`${path}.ip`, ip, 'may not be in the loopback range (127.0.0.0/8, ::1/128)'));
  else if (ip.startsWith('169.254.') || /^fe80:/i.test(ip))
    errs.push(fieldError.invalid(`${path}.ip`, ip, 'may not be in the link-local range (169.254.0.0/16, fe80::/10)'));
  if (typeof a.hostname === 'string' && a.hostname !== '') {
    for (const msg of validateDNS1123Label(a.hostname)) errs.push(fieldError.invalid(`${path}.hostname`, a.hostname, msg));
  }
  return errs;
}

function validatePort(port: unknown, requireName: boolean, path: string): FieldError[] {
  const p = record(port);
  const errs: FieldError[] = [];
  const name = typeof p.name === 'string' ? p.name : '';
  if (requireName && name === '') errs.push(fieldError.required(`${path}.name`));
  else if (name !== '') for (const msg of validateDNS1123Label(name)) errs.push(fieldError.invalid(`${path}.name`, name, msg));
  const number = p.port ?? 0;
  if (typeof number !== 'number' || number < 1 || number > 65535)
    errs.push(fieldError.invalid(`${path}.port`, number, 'must be between 1 and 65535, inclusive'));
  const protocol = p.protocol ?? '';
  if (protocol === '') errs.push(fieldError.required(`${path}.protocol`));
  else if (!protocols.includes(protocol as string)) errs.push(fieldError.notSupported(`${path}.protocol`, protocol, protocols));
  return errs;
}

function validateEndpoints(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const subsets = Array.isArray(obj.subsets) ? obj.subsets : [];
  subsets.forEach((s, i) => {
    const subset = record(s);
    const path = `subsets[${i}]`;
    const addresses = Array.isArray(subset.addresses) ? subset.addresses : [];
    const notReady = Array.isArray(subset.notReadyAddresses) ? subset.notReadyAddresses : [];
    if (addresses.length === 0 && notReady.length === 0) errs.push(fieldError.required(path, 'must specify `addresses` or `notReadyAddresses`'));
    addresses.forEach((a, j) => errs.push(...validateAddress(a, `${path}.addresses[${j}]`)));
    notReady.forEach((a, j) => errs.push(...validateAddress(a, `${path}.notReadyAddresses[${j}]`)));
    const ports = Array.isArray(subset.ports) ? subset.ports : [];
    ports.forEach((p, j) => errs.push(...validatePort(p, ports.length > 1, `${path}.ports[${j}]`)));
  });
  return errs;
}

export const endpointsStrategy = {
  prepareForCreate: defaultEndpoints,
  prepareForUpdate: (obj) => defaultEndpoints(obj),
  validate: validateEndpoints,
  validateUpdate: (obj) => validateEndpoints(obj),
} satisfies Strategy;
