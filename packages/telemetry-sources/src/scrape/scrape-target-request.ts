/**
 * The body of `POST /api/scrape/targets` decoded into a target spec; every problem at once, as
 * one 422 Invalid Status whose causes name the fields, the way the API server answers a bad
 * object (the dialog puts each message under its field). A URL with a user name or password
 * (`user:password@`) is a 400 of its own, and its value is not echoed: it would be shown in
 * `/api/scrape` and kept in `scrape-targets.json`; a token has a field of its own.
 */
import type { ScrapeTargetRequest } from '@dojo/console-protocol';
import { fieldError as field, newBadRequest, newInvalid, StatusError, type FieldError } from '@dojo/kube-api';
import { parseCaBundle } from './ca-bundle.ts';
import { dnsLabelPattern, type ScrapeTargetSpec } from './scrape-spec.ts';

export const scrapeTargetKind = { group: 'console', kind: 'ScrapeTarget' } as const;

const optionalString = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';

export function decodeScrapeTargetRequest(body: unknown): ScrapeTargetSpec {
  // The same 400 as every other console route's body that is not a JSON object (apps/server routes/json-body.ts).
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw newBadRequest('the request body must be a JSON object');
  const raw = body as Partial<Record<keyof ScrapeTargetRequest, unknown>>;
  const errors: FieldError[] = [];
  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  if (!name) errors.push(field.required('name', 'a DNS label, like my-operator'));
  else if (!dnsLabelPattern.test(name)) errors.push(field.invalid('name', name, "a DNS label: lower case letters, digits and '-', at most 63"));
  const url = typeof raw.url === 'string' ? raw.url.trim() : '';
  let https = false;
  if (!url) errors.push(field.required('url', 'the endpoint, like http://127.0.0.1:8080/metrics'));
  else {
    try {
      const parsed = new URL(url);
      if (parsed.username || parsed.password)
        throw newBadRequest('the url may not carry a user name or password (user:password@): give a bearer token instead');
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') errors.push(field.notSupported('url', url, ['http', 'https']));
      https = parsed.protocol === 'https:';
    } catch (error) {
      if (error instanceof StatusError) throw error;
      errors.push(field.invalid('url', url, 'not a URL'));
    }
  }
  if (!optionalString(raw.bearerToken) || /[\r\n]/.test(raw.bearerToken ?? '')) errors.push(field.invalid('bearerToken', '(redacted)', 'a token on one line'));
  const token = typeof raw.bearerToken === 'string' ? raw.bearerToken.trim() : '';
  let ca: string | undefined;
  if (!optionalString(raw.ca)) errors.push(field.invalid('ca', '(not a string)', 'PEM certificates'));
  else if (raw.ca?.trim()) {
    if (!https) errors.push(field.invalid('ca', '(PEM)', 'a CA is only used for an https URL'));
    try {
      ca = parseCaBundle(raw.ca);
    } catch (err) {
      errors.push(field.invalid('ca', '(PEM)', (err as Error).message));
    }
  }
  if (raw.insecureSkipVerify !== undefined && typeof raw.insecureSkipVerify !== 'boolean')
    errors.push(field.invalid('insecureSkipVerify', raw.insecureSkipVerify, 'true or false'));
  const skip = raw.insecureSkipVerify === true;
  if (skip && !https) errors.push(field.invalid('insecureSkipVerify', true, 'only an https URL has a certificate to verify'));
  if (skip && ca) errors.push(field.invalid('insecureSkipVerify', true, 'give a CA or skip verification, not both'));
  if (errors.length) throw newInvalid(scrapeTargetKind, name || '(unnamed)', errors);
  return { name, url: new URL(url).toString(), ...(token ? { bearerToken: token } : {}), ...(ca ? { ca } : {}), ...(skip ? { insecureSkipVerify: true } : {}) };
}
