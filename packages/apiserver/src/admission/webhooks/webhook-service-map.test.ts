import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookUrl } from './webhook-client.ts';
import { parseWebhookServiceKey, parseWebhookServiceUrl, WebhookServiceMap } from './webhook-service-map.ts';

const dirs: string[] = [];
const dataDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-service-map-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const serviceRef = (port?: number, path = '/validate-x') => ({ service: { namespace: 'system', name: 'webhook-service', path, ...(port ? { port } : {}) } });

describe('WebhookServiceMap', () => {
  it('keeps what is mapped in the data dir, so a new server on the same dir has it', () => {
    const dir = dataDir();
    WebhookServiceMap.open(dir).map('system/webhook-service', 'https://127.0.0.1:9443');
    expect(WebhookServiceMap.open(dir).list()).toEqual({ mappings: [{ service: 'system/webhook-service', url: 'https://127.0.0.1:9443' }] });
    expect(statSync(join(dir, 'webhook-services.json')).mode & 0o777).toBe(0o600);
  });

  it("stands for https://NAME.NAMESPACE.svc:PORT: the configuration's path is appended, and kube's ?timeout", () => {
    const map = WebhookServiceMap.open(dataDir());
    map.map('system/webhook-service', 'https://127.0.0.1:9443/');
    expect(webhookUrl(serviceRef(), 10, map)).toBe('https://127.0.0.1:9443/validate-x?timeout=10s');
  });

  it("prefers an entry for the reference's service.port (443 when not given) over the one for every port", () => {
    const map = WebhookServiceMap.open(dataDir());
    map.map('system/webhook-service', 'https://127.0.0.1:9443');
    map.map('system/webhook-service:8443', 'https://127.0.0.1:9444');
    expect(webhookUrl(serviceRef(8443), 5, map)).toBe('https://127.0.0.1:9444/validate-x?timeout=5s');
    expect(webhookUrl(serviceRef(), 5, map)).toBe('https://127.0.0.1:9443/validate-x?timeout=5s');
    map.map('system/webhook-service:443', 'https://localhost:7443');
    expect(webhookUrl(serviceRef(), 5, map)).toBe('https://localhost:7443/validate-x?timeout=5s');
  });

  it('says how to map a service that is not mapped, and forgets one when unmapped', () => {
    const map = WebhookServiceMap.open(dataDir());
    map.map('system/webhook-service', 'https://127.0.0.1:9443');
    map.unmap('system/webhook-service');
    expect(() => webhookUrl(serviceRef(), 10, map)).toThrow(
      'failed to call webhook: service "system/webhook-service" has no address on this machine (map it: dojo-console webhook map system/webhook-service https://127.0.0.1:PORT)',
    );
    expect(() => map.unmap('system/webhook-service')).toThrow(
      expect.objectContaining({ code: 404, message: 'service "system/webhook-service" is not mapped' }),
    );
  });

  it('refuses a service that is not NAMESPACE/SERVICE[:PORT] and a URL that is not https://host:port, and a file that is not a map', () => {
    expect(() => parseWebhookServiceKey('webhook-service')).toThrow('service "webhook-service" is not NAMESPACE/SERVICE or NAMESPACE/SERVICE:PORT');
    expect(() => parseWebhookServiceKey('System/svc')).toThrow(/namespace "System": a lowercase RFC 1123 label/);
    expect(() => parseWebhookServiceKey('system/svc:0')).toThrow('port is not valid: must be between 1 and 65535, inclusive');
    expect(parseWebhookServiceKey('system/svc:443')).toEqual({ namespace: 'system', name: 'svc', port: 443 });
    expect(() => parseWebhookServiceUrl('http://127.0.0.1:9443')).toThrow("'https' is the only allowed URL scheme");
    expect(() => parseWebhookServiceUrl('https://127.0.0.1:9443/validate')).toThrow(/scheme:\/\/host:port only/);
    expect(() => parseWebhookServiceUrl('127.0.0.1:9443')).toThrow(/is not a URL|'https' is the only/);
    const dir = dataDir();
    writeFileSync(join(dir, 'webhook-services.json'), '{"mappings":[{"service":"x","url":"https://a"}]}');
    expect(() => WebhookServiceMap.open(dir)).toThrow(/webhook-services.json is not a webhook service map \(service "x" is not/);
    expect(readFileSync(join(dir, 'webhook-services.json'), 'utf8')).toContain('"x"');
  });
});
