/** Pod spec defaulting and the validation rules the simulated cluster relies on. */
import { fieldError, validateDNS1123Label, type FieldError } from '@dojo/kube-api';
import { record } from './unstructured.ts';

function defaultPullPolicy(image: unknown): string {
  if (typeof image !== 'string') return 'IfNotPresent';
  const lastSlash = image.lastIndexOf('/');
  const tagPart = image.slice(lastSlash + 1);
  if (image.includes('@')) return 'IfNotPresent';
  const colon = tagPart.indexOf(':');
  return colon < 0 || tagPart.slice(colon + 1) === 'latest' ? 'Always' : 'IfNotPresent';
}

/** SetDefaults_PodSpec and SetDefaults_Container, for the fields people see in YAML. */
export function defaultPodSpec(spec: Record<string, unknown>): void {
  spec.restartPolicy ??= 'Always';
  spec.dnsPolicy ??= 'ClusterFirst';
  spec.terminationGracePeriodSeconds ??= 30;
  spec.schedulerName ??= 'default-scheduler';
  spec.securityContext ??= {};
  // v1's deprecated serviceAccount mirrors serviceAccountName (kube's PodSpec conversions): an
  // old client's serviceAccount alone names the account; serviceAccountName wins otherwise.
  if (!spec.serviceAccountName && typeof spec.serviceAccount === 'string' && spec.serviceAccount) spec.serviceAccountName = spec.serviceAccount;
  if (spec.serviceAccountName) spec.serviceAccount = spec.serviceAccountName;
  else delete spec.serviceAccount;
  for (const list of ['containers', 'initContainers']) {
    const containers = spec[list];
    if (!Array.isArray(containers)) continue;
    for (const c of containers) {
      const container = record(c);
      container.terminationMessagePath ??= '/dev/termination-log';
      container.terminationMessagePolicy ??= 'File';
      container.imagePullPolicy ??= defaultPullPolicy(container.image);
      container.resources ??= {};
      if (Array.isArray(container.ports)) for (const p of container.ports) record(p).protocol ??= 'TCP';
    }
  }
}

export function validatePodSpec(spec: unknown, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const s = record(spec);
  const containers = s.containers;
  if (!Array.isArray(containers) || containers.length === 0) {
    errs.push(fieldError.required(`${path}.containers`));
    return errs;
  }
  const names = new Set<string>();
  containers.forEach((c, i) => {
    const container = record(c);
    const p = `${path}.containers[${i}]`;
    if (typeof container.name !== 'string' || container.name === '') errs.push(fieldError.required(`${p}.name`));
    else {
      for (const msg of validateDNS1123Label(container.name)) errs.push(fieldError.invalid(`${p}.name`, container.name, msg));
      if (names.has(container.name)) errs.push(fieldError.duplicate(`${p}.name`, container.name));
      names.add(container.name);
    }
    if (typeof container.image !== 'string' || container.image.trim() === '') errs.push(fieldError.required(`${p}.image`));
  });
  const restart = s.restartPolicy;
  if (restart !== undefined && !['Always', 'OnFailure', 'Never'].includes(restart as string)) {
    errs.push(fieldError.notSupported(`${path}.restartPolicy`, restart, ['Always', 'OnFailure', 'Never']));
  }
  return errs;
}
