/**
 * deploy/audit/ parses, and its policy gives each kind of request the level docs/audit.md
 * promises. The levels are read with kube-apiserver's rule: the first rule whose verbs,
 * resources (group, resource or resource/subresource) or non-resource URLs match decides.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KubeConfig } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

interface Rule {
  level: string;
  verbs?: string[];
  resources?: { group?: string; resources?: string[] }[];
  nonResourceURLs?: string[];
}

const read = (file: string) => readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');
const policy = parse(read('./audit-policy.yaml')) as { apiVersion: string; kind: string; omitStages: string[]; rules: Rule[] };

type Request = { verb: string; group: string; resource: string; subresource?: string } | { verb: string; path: string };

function matches(rule: Rule, request: Request): boolean {
  if (rule.verbs && !rule.verbs.includes(request.verb)) return false;
  if ('path' in request) {
    if (rule.resources) return false;
    if (!rule.nonResourceURLs) return true;
    return rule.nonResourceURLs.some((url) => (url.endsWith('*') ? request.path.startsWith(url.slice(0, -1)) : request.path === url));
  }
  if (rule.nonResourceURLs) return false;
  if (!rule.resources) return true;
  const named = request.subresource ? `${request.resource}/${request.subresource}` : request.resource;
  return rule.resources.some((r) => (r.group ?? '') === request.group && (!r.resources || r.resources.includes(named)));
}

const levelOf = (request: Request) => policy.rules.find((rule) => matches(rule, request))?.level ?? 'None';

describe('deploy/audit/audit-policy.yaml', () => {
  it('is an audit.k8s.io/v1 Policy that leaves out RequestReceived', () => {
    expect(policy).toMatchObject({ apiVersion: 'audit.k8s.io/v1', kind: 'Policy', omitStages: ['RequestReceived'] });
  });

  it("keeps the operator's own kinds with their request and response bodies", () => {
    expect(levelOf({ verb: 'patch', group: 'core.jutsu.com', resource: 'dojos', subresource: 'status' })).toBe('RequestResponse');
    expect(levelOf({ verb: 'watch', group: 'core.jutsu.com', resource: 'discordchannels' })).toBe('RequestResponse');
  });

  it('keeps other writes and reads at Metadata, Secrets included', () => {
    expect(levelOf({ verb: 'update', group: 'apps', resource: 'deployments' })).toBe('Metadata');
    expect(levelOf({ verb: 'get', group: '', resource: 'secrets' })).toBe('Metadata');
    expect(levelOf({ verb: 'update', group: 'coordination.k8s.io', resource: 'leases' })).toBe('Metadata');
    expect(levelOf({ verb: 'create', group: '', resource: 'events' })).toBe('Metadata');
  });

  it('drops reads of Events and Leases, and health checks', () => {
    expect(levelOf({ verb: 'get', group: 'coordination.k8s.io', resource: 'leases' })).toBe('None');
    expect(levelOf({ verb: 'watch', group: 'events.k8s.io', resource: 'events' })).toBe('None');
    expect(levelOf({ verb: 'list', group: '', resource: 'events' })).toBe('None');
    expect(levelOf({ verb: 'get', path: '/readyz/etcd' })).toBe('None');
    expect(levelOf({ verb: 'get', path: '/apis/core.jutsu.com/v1' })).toBe('Metadata');
  });
});

describe('deploy/audit/webhook-kubeconfig.yaml', () => {
  it("is a kubeconfig that posts to the console's https audit route with its CA and the webhook token, once filled in", () => {
    const ca = Buffer.from('-----BEGIN CERTIFICATE-----\n').toString('base64');
    const filled = read('./webhook-kubeconfig.yaml')
      .replaceAll('CONSOLE_HOST', '172.18.0.1')
      .replaceAll('CONSOLE_WEBHOOK_CA', ca)
      .replaceAll('AUDIT_WEBHOOK_TOKEN', 'the-token');
    const config = new KubeConfig();
    config.loadFromString(filled);
    // https: kube-apiserver sends the token to https servers only.
    expect(config.getCurrentCluster()?.server).toBe('https://172.18.0.1:9443/audit/v1/events');
    expect(config.getCurrentCluster()?.caData).toBe(ca);
    expect(config.getCurrentUser()?.token).toBe('the-token');
  });
});
