import { describe, expect, it } from 'vitest';
import { ClientIdentifier } from './client-identity.ts';

const identifier = new ClientIdentifier({ isEmbedded: (name) => name === 'dojo' || name === 'replicaset' });
const who = (userAgent?: string, fieldManager?: string) => identifier.identify({ user: 'admin', userAgent, fieldManager });

describe('ClientIdentifier', () => {
  it('names a connected client by its token, whatever User-Agent it sends', () => {
    expect(identifier.identify({ user: 'my-operator', userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc' })).toEqual({
      name: 'my-operator',
      kind: 'connected',
    });
  });

  it('tells requests made with no token apart by their User-Agent', () => {
    expect(identifier.identify({ user: 'system:anonymous', userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc' })).toEqual({
      name: 'kubectl',
      kind: 'kubectl',
    });
  });

  describe("on a cluster where the console's own user is not admin", () => {
    const onKind = new ClientIdentifier({ isEmbedded: (name) => name === 'dojo', consoleUser: 'kubernetes-admin' });

    it("treats the console's own user as shared: kubectl with the same kubeconfig is kubectl, the console's controllers are themselves", () => {
      expect(onKind.identify({ user: 'kubernetes-admin', userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/60a317e' })).toEqual({
        name: 'kubectl',
        kind: 'kubectl',
      });
      expect(onKind.identify({ user: 'kubernetes-admin', userAgent: 'dojo-console/dojo' })).toEqual({ name: 'dojo', kind: 'embedded' });
      expect(onKind.identify({ user: 'kubernetes-admin', userAgent: 'dojo-console' })).toEqual({ name: 'dojo-console', kind: 'console' });
      expect(onKind.isShared('kubernetes-admin')).toBe(true);
    });

    it('still names any other user a connected client, and still shares admin and no token', () => {
      expect(onKind.identify({ user: 'my-operator', userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc' })).toEqual({
        name: 'my-operator',
        kind: 'connected',
      });
      expect(onKind.identify({ user: 'admin', userAgent: 'kopf/1.37.2' })).toEqual({ name: 'kopf', kind: 'agent' });
      expect(onKind.isShared('system:anonymous')).toBe(true);
    });

    it("without it, the console's user is one connected client, as before it was learnt", () => {
      expect(new ClientIdentifier().identify({ user: 'kubernetes-admin', userAgent: 'kubectl/v1.33.0' })).toEqual({
        name: 'kubernetes-admin',
        kind: 'connected',
      });
    });
  });

  it("names the console's own controllers by the suffix the runtime appends, and the console by its agent", () => {
    expect(who('dojo-console/dojo')).toEqual({ name: 'dojo', kind: 'embedded' });
    expect(who('dojo-runtime/replicaset')).toEqual({ name: 'replicaset', kind: 'embedded' });
    expect(who('dojo-console')).toEqual({ name: 'dojo-console', kind: 'console' });
    expect(who('dojo-console/not-a-controller')).toEqual({ name: 'dojo-console', kind: 'console' });
  });

  it('recognises kubectl, also when a version dispatcher ran kubectl.1.33', () => {
    expect(who('kubectl/v1.33.0 (linux/amd64) kubernetes/60a317e')).toEqual({ name: 'kubectl', kind: 'kubectl' });
    expect(who('kubectl.1.27/v1.27.16 (linux/amd64) kubernetes/cbb86e0')).toEqual({ name: 'kubectl', kind: 'kubectl' });
  });

  it("reads client-go's default agent: the binary, or the controller rest.AddUserAgent appended", () => {
    expect(who('manager/v0.0.0 (linux/amd64) kubernetes/$Format')).toEqual({ name: 'manager', kind: 'agent' });
    expect(who('kube-controller-manager/v1.33.0 (linux/amd64) kubernetes/60a317e/system:serviceaccount:kube-system:deployment-controller')).toEqual({
      name: 'system:serviceaccount:kube-system:deployment-controller',
      kind: 'agent',
    });
  });

  it("names the official Python client's generated agent, and any other agent by its first word", () => {
    expect(who('OpenAPI-Generator/31.0.0/python')).toEqual({ name: 'python-client', kind: 'agent' });
    expect(who('kopf/1.37.2')).toEqual({ name: 'kopf', kind: 'agent' });
    expect(who('kube-rs/0.99.0')).toEqual({ name: 'kube-rs', kind: 'agent' });
  });

  it('falls back to the field manager without a User-Agent', () => {
    expect(who(undefined, 'my-manager')).toEqual({ name: 'my-manager', kind: 'agent' });
    expect(who()).toEqual({ name: 'unknown', kind: 'agent' });
  });

  it("names a client that is not the console's own apart from the controller it is named as", () => {
    expect(identifier.identify({ user: 'dojo' })).toEqual({ name: 'dojo (connected)', kind: 'connected' });
    expect(who('replicaset/1.0')).toEqual({ name: 'replicaset (agent)', kind: 'agent' });
    expect(who(undefined, 'dojo')).toEqual({ name: 'dojo (agent)', kind: 'agent' });
  });

  it('cuts a name longer than a Kubernetes object name may be', () => {
    const name = who(`${'x'.repeat(10_000)}/1.0`).name;
    expect(name).toHaveLength(253);
    expect(name.endsWith('…')).toBe(true);
  });
});
