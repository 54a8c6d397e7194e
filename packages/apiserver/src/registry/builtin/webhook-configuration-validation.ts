/**
 * Validating- and MutatingWebhookConfiguration validation (pkg/apis/admissionregistration/
 * validation: validateValidatingWebhook, validateMutatingWebhook, validateAdmissionReviewVersions),
 * with kube's messages. An update keeps accepting what the stored object already had: side
 * effects other than None/NoneOnDryRun, unrecognised review versions, repeated names, bad label
 * values and unchanged match conditions are only refused when the old object had none of them.
 */
import { fieldError, jsonEqual, validateDNS1123Subdomain, type FieldError, type KubeObject } from '@dojo/kube-api';
import { isDNS1035Label } from '../../crd/crd-names.ts';
import {
  failurePolicies,
  isObject,
  matchPolicies,
  objects,
  reinvocationPolicies,
  strings,
  text,
  validateMatchConditions,
  validateRuleWithOperations,
  validateSelector,
  type Json,
} from './admission-rules-validation.ts';
import { portNumberProblems } from './port-names.ts';

const acceptedReviewVersions = ['v1', 'v1beta1'];
const allSideEffectClasses = ['None', 'NoneOnDryRun', 'Some', 'Unknown'];
const noSideEffectClasses = ['None', 'NoneOnDryRun'];

interface WebhookValidationOptions {
  ignoreMatchConditions: boolean;
  requireNoSideEffects: boolean;
  requireRecognizedAdmissionReviewVersion: boolean;
  requireUniqueWebhookNames: boolean;
  allowInvalidLabelValueInSelector: boolean;
}

const createOptions: WebhookValidationOptions = {
  ignoreMatchConditions: false,
  requireNoSideEffects: true,
  requireRecognizedAdmissionReviewVersion: true,
  requireUniqueWebhookNames: true,
  allowInvalidLabelValueInSelector: false,
};

/** utilvalidation.IsFullyQualifiedName: a DNS subdomain of at least three segments. */
function validateFullyQualifiedName(name: string, path: string): FieldError[] {
  if (name === '') return [fieldError.required(path)];
  const problems = validateDNS1123Subdomain(name);
  if (problems.length) return [fieldError.invalid(path, name, problems.join(','))];
  if (name.split('.').length < 3) return [fieldError.invalid(path, name, 'should be a domain with at least three segments separated by dots')];
  return [];
}

const urlForm = '; desired format: https://host[/path]';

/** webhook.ValidateWebhookURL with https forced, on Go's url.Parse split of the URL. */
function validateWebhookURL(url: string, path: string): FieldError[] {
  // url.Parse refuses control characters and a URL that starts with ':' (no scheme before it).
  if ([...url].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return [fieldError.required(path, `url must be a valid URL: parse ${JSON.stringify(url)}: net/url: invalid control character in URL${urlForm}`)];
  if (url.startsWith(':')) return [fieldError.required(path, `url must be a valid URL: parse ${JSON.stringify(url)}: missing protocol scheme${urlForm}`)];
  const parts = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?[^?#]*(?:\?([^#]*))?(?:#(.*))?$/s.exec(url);
  const scheme = (parts?.[1] ?? '').toLowerCase();
  const authority = parts?.[2] ?? '';
  const at = authority.lastIndexOf('@');
  const host = at < 0 ? authority : authority.slice(at + 1);
  const errs: FieldError[] = [];
  if (scheme !== 'https') errs.push(fieldError.invalid(path, scheme, `'https' is the only allowed URL scheme${urlForm}`));
  if (host === '') errs.push(fieldError.invalid(path, host, `host must be specified${urlForm}`));
  if (at >= 0) errs.push(fieldError.invalid(path, authority.slice(0, at), 'user information is not permitted in the URL'));
  if (parts?.[4]) errs.push(fieldError.invalid(path, parts[4], 'fragments are not permitted in the URL'));
  if (parts?.[3]) errs.push(fieldError.invalid(path, parts[3], 'query parameters are not permitted in the URL'));
  return errs;
}

/** webhook.ValidateWebhookService: name, namespace, a valid port and a path of DNS subdomain segments. */
function validateWebhookService(service: Json, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (text(service.name) === '') errs.push(fieldError.required(`${path}.name`));
  if (text(service.namespace) === '') errs.push(fieldError.required(`${path}.namespace`));
  const port = typeof service.port === 'number' ? service.port : 443;
  const portProblems = portNumberProblems(port);
  if (portProblems.length) errs.push(fieldError.invalid(`${path}.port`, port, `port is not valid: ${portProblems.join(', ')}`));
  if (typeof service.path !== 'string') return errs;
  const urlPath = service.path;
  if (urlPath === '/' || urlPath === '') return errs;
  if (urlPath === '//') return [...errs, fieldError.invalid(`${path}.path`, urlPath, 'segment[0] may not be empty')];
  if (!urlPath.startsWith('/')) errs.push(fieldError.invalid(`${path}.path`, urlPath, "must start with a '/'"));
  let toCheck = urlPath.slice(1);
  if (toCheck.endsWith('/')) toCheck = toCheck.slice(0, -1);
  toCheck.split('/').forEach((step, i) => {
    if (step === '') errs.push(fieldError.invalid(`${path}.path`, urlPath, `segment[${i}] may not be empty`));
    else for (const failure of validateDNS1123Subdomain(step)) errs.push(fieldError.invalid(`${path}.path`, urlPath, `segment[${i}]: ${failure}`));
  });
  return errs;
}

function validateWebhook(hook: Json, mutating: boolean, options: WebhookValidationOptions, path: string): FieldError[] {
  const errs = validateFullyQualifiedName(text(hook.name), `${path}.name`);
  objects(hook.rules).forEach((rule, i) => errs.push(...validateRuleWithOperations(rule, `${path}.rules[${i}]`)));
  if (hook.failurePolicy != null && !failurePolicies.includes(String(hook.failurePolicy))) {
    errs.push(fieldError.notSupported(`${path}.failurePolicy`, hook.failurePolicy, failurePolicies));
  }
  if (hook.matchPolicy != null && !matchPolicies.includes(String(hook.matchPolicy))) {
    errs.push(fieldError.notSupported(`${path}.matchPolicy`, hook.matchPolicy, matchPolicies));
  }
  const allowedSideEffects = options.requireNoSideEffects ? noSideEffectClasses : allSideEffectClasses;
  if (hook.sideEffects == null) errs.push(fieldError.required(`${path}.sideEffects`, `must specify one of ${allowedSideEffects.join(', ')}`));
  else if (!allowedSideEffects.includes(String(hook.sideEffects)))
    errs.push(fieldError.notSupported(`${path}.sideEffects`, hook.sideEffects, allowedSideEffects));
  if (typeof hook.timeoutSeconds === 'number' && (hook.timeoutSeconds > 30 || hook.timeoutSeconds < 1)) {
    errs.push(fieldError.invalid(`${path}.timeoutSeconds`, hook.timeoutSeconds, 'the timeout value must be between 1 and 30 seconds'));
  }
  for (const selector of ['namespaceSelector', 'objectSelector']) {
    const selectorErrs = validateSelector(hook[selector], `${path}.${selector}`);
    // AllowInvalidLabelValueInSelector: an update may keep the bad values the stored object had.
    errs.push(...(options.allowInvalidLabelValueInSelector ? selectorErrs.filter((e) => !/\.values\[\d+\]$|\.matchLabels$/.test(e.field)) : selectorErrs));
  }
  if (mutating && hook.reinvocationPolicy != null && !reinvocationPolicies.includes(String(hook.reinvocationPolicy))) {
    errs.push(fieldError.notSupported(`${path}.reinvocationPolicy`, hook.reinvocationPolicy, reinvocationPolicies));
  }
  const clientConfig = isObject(hook.clientConfig) ? hook.clientConfig : {};
  const url = typeof clientConfig.url === 'string' ? clientConfig.url : undefined;
  const service = isObject(clientConfig.service) ? clientConfig.service : undefined;
  if ((url === undefined) === (service === undefined)) errs.push(fieldError.required(`${path}.clientConfig`, 'exactly one of url or service is required'));
  else if (url !== undefined) errs.push(...validateWebhookURL(url, `${path}.clientConfig.url`));
  else errs.push(...validateWebhookService(service!, `${path}.clientConfig.service`));
  if (!options.ignoreMatchConditions) errs.push(...validateMatchConditions(hook.matchConditions, `${path}.matchConditions`, false));
  return errs;
}

/** validateAdmissionReviewVersions: at least one, each a DNS-1035 label once, one of them v1 or v1beta1. */
function validateAdmissionReviewVersions(versions: string[], requireRecognized: boolean, path: string): FieldError[] {
  if (versions.length < 1) return [fieldError.required(path, `must specify one of ${acceptedReviewVersions.join(', ')}`)];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  versions.forEach((v, i) => {
    if (seen.has(v)) {
      errs.push(fieldError.invalid(`${path}[${i}]`, v, 'duplicate version'));
      return;
    }
    seen.add(v);
    for (const msg of isDNS1035Label(v)) errs.push(fieldError.invalid(`${path}[${i}]`, v, msg));
  });
  if (requireRecognized && !versions.some((v) => acceptedReviewVersions.includes(v))) {
    errs.push(fieldError.invalid(path, versions, `must include at least one of ${acceptedReviewVersions.join(', ')}`));
  }
  return errs;
}

function validateConfiguration(obj: KubeObject, mutating: boolean, options: WebhookValidationOptions): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  objects(obj.webhooks).forEach((hook, i) => {
    const path = `webhooks[${i}]`;
    errs.push(...validateWebhook(hook, mutating, options, path));
    errs.push(
      ...validateAdmissionReviewVersions(
        strings(hook.admissionReviewVersions),
        options.requireRecognizedAdmissionReviewVersion,
        `${path}.admissionReviewVersions`,
      ),
    );
    const name = text(hook.name);
    if (options.requireUniqueWebhookNames && name !== '') {
      if (names.has(name)) errs.push(fieldError.duplicate(`${path}.name`, name));
      names.add(name);
    }
  });
  return errs;
}

export function validateWebhookConfiguration(obj: KubeObject, mutating: boolean): FieldError[] {
  return validateConfiguration(obj, mutating, createOptions);
}

/** What the stored object already had decides how strict an update is (Validate*WebhookConfigurationUpdate). */
export function validateWebhookConfigurationUpdate(obj: KubeObject, old: KubeObject, mutating: boolean): FieldError[] {
  const hooks = objects(obj.webhooks);
  const oldHooks = objects(old.webhooks);
  const oldNames = oldHooks.map((h) => text(h.name));
  const hasInvalidSelector = oldHooks.some((h) => ['namespaceSelector', 'objectSelector'].some((s) => validateSelector(h[s], s).length > 0));
  return validateConfiguration(obj, mutating, {
    ignoreMatchConditions: hooks.length === oldHooks.length && hooks.every((h, i) => jsonEqual(h.matchConditions, oldHooks[i]!.matchConditions)),
    requireNoSideEffects: oldHooks.every((h) => noSideEffectClasses.includes(String(h.sideEffects))),
    requireRecognizedAdmissionReviewVersion: oldHooks.every((h) => {
      const versions = strings(h.admissionReviewVersions);
      return versions.length === 0 || versions.some((v) => acceptedReviewVersions.includes(v));
    }),
    requireUniqueWebhookNames: new Set(oldNames).size === oldNames.length,
    allowInvalidLabelValueInSelector: hasInvalidSelector,
  });
}
