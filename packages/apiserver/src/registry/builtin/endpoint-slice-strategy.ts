/**
 * EndpointSlices' write rules (pkg/registry/discovery/endpointslice, pkg/apis/discovery/validation):
 * ports default to TCP and an empty name, the addressType is required, supported and immutable,
 * and every endpoint's addresses fit that type.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { fieldError, jsonEqual, semanticEqual, validateDNS1123Label, validateDNS1123Subdomain, type FieldError, type KubeObject } from '@dojo/kube-api';
import { startGeneration } from '../generation.ts';
import type { Strategy } from '../strategy.ts';
import { field, record } from './unstructured.ts';

const addressTypes = ['FQDN', 'IPv4', 'IPv6'];
const protocols = ['SCTP', 'TCP', 'UDP'];

/** SetDefaults_EndpointPort. */
function defaultEndpointSlice(obj: KubeObject): void {
  for (const port of (obj.ports as unknown[] | undefined) ?? []) {
    const p = record(port);
    p.name ??= '';
    p.protocol ??= 'TCP';
  }
}

/** ValidateEndpointIP: addresses a Service may not route to. */
function endpointIpProblems(address: string): string[] {
  const problems: string[] = [];
  if (address === '0.0.0.0' || address === '::') problems.push(`may not be unspecified (${address})`);
  if (address.startsWith('127.') || address === '::1') problems.push('may not be in the loopback range (127.0.0.0/8, ::1/128)');
  if (address.startsWith('169.254.') || /^fe[89ab]/i.test(address)) problems.push('may not be in the link-local range (169.254.0.0/16, fe80::/10)');
  if (address.startsWith('224.0.0.') || /^ff02:/i.test(address)) problems.push('may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)');
  return problems;
}

function validateAddress(addressType: unknown, address: string, path: string, listPath: string): FieldError[] {
  if (addressType === 'IPv4' || addressType === 'IPv6') {
    if (!isIPv4(address) && !isIPv6(address)) return [fieldError.invalid(path, address, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')];
    const errs: FieldError[] = [];
    if (addressType === 'IPv4' && !isIPv4(address)) errs.push(fieldError.invalid(listPath, address, 'must be an IPv4 address'));
    if (addressType === 'IPv6' && !isIPv6(address)) errs.push(fieldError.invalid(listPath, address, 'must be an IPv6 address'));
    for (const msg of endpointIpProblems(address)) errs.push(fieldError.invalid(path, address, msg));
    return errs;
  }
  if (addressType === 'FQDN') {
    if (!address.includes('.')) return [fieldError.invalid(path, address, 'should be a domain with at least two segments separated by dots')];
    return validateDNS1123Subdomain(address).map((msg) => fieldError.invalid(path, address, msg));
  }
  return [];
}

function validateEndpointSlice(obj: KubeObject, old?: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const addressType = obj.addressType;
  if (addressType === undefined || addressType === '') errs.push(fieldError.required('addressType'));
  else if (!addressTypes.includes(String(addressType))) errs.push(fieldError.notSupported('addressType', addressType, addressTypes));
  const names: string[] = [];
  ((obj.ports as unknown[] | undefined) ?? []).forEach((port, i) => {
    const name = String(field(port, 'name') ?? '');
    if (name) for (const msg of validateDNS1123Label(name)) errs.push(fieldError.invalid(`ports[${i}].name`, name, msg));
    if (names.includes(name)) errs.push(fieldError.duplicate(`ports[${i}].name`, name));
    else names.push(name);
    const protocol = field(port, 'protocol');
    if (protocol === undefined) errs.push(fieldError.required(`ports[${i}].protocol`));
    else if (!protocols.includes(String(protocol))) errs.push(fieldError.notSupported(`ports[${i}].protocol`, protocol, protocols));
  });
  const endpointErrs: FieldError[] = [];
  ((obj.endpoints as unknown[] | undefined) ?? []).forEach((endpoint, i) => {
    const path = `endpoints[${i}].addresses`;
    const addresses = (field(endpoint, 'addresses') as string[] | undefined) ?? [];
    if (addresses.length === 0) endpointErrs.push(fieldError.required(path, 'must contain at least 1 address'));
    else if (addresses.length > 100) endpointErrs.push(fieldError.tooMany(path, addresses.length, 100));
    addresses.forEach((address, j) => endpointErrs.push(...validateAddress(addressType, String(address), `${path}[${j}]`, path)));
  });
  // An update that leaves endpoints alone keeps them even if older rules let them in.
  if (!old || !jsonEqual(old.endpoints, obj.endpoints)) errs.push(...endpointErrs);
  return errs;
}

export const endpointSliceStrategy = {
  prepareForCreate(obj) {
    defaultEndpointSlice(obj);
    startGeneration(obj);
  },
  prepareForUpdate(obj, old) {
    defaultEndpointSlice(obj);
    // Generation follows everything but metadata, and labels (endpointslice/strategy.go), compared
    // as apiequality.Semantic.DeepEqual does: key order and empty-versus-absent do not count.
    const { metadata: _n, ...rest } = obj;
    const { metadata: _o, ...oldRest } = old;
    const changed = !semanticEqual(rest, oldRest) || !semanticEqual(obj.metadata.labels, old.metadata.labels);
    obj.metadata.generation = (old.metadata.generation ?? 0) + (changed ? 1 : 0);
  },
  validate: (obj) => validateEndpointSlice(obj),
  validateUpdate(obj, old) {
    const errs = validateEndpointSlice(obj, old);
    if (obj.addressType !== old.addressType) errs.push(fieldError.invalid('addressType', obj.addressType, 'field is immutable'));
    return errs;
  },
} satisfies Strategy;
