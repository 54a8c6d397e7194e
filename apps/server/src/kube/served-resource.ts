/**
 * Whether the cluster serves a resource, from discovery (`/apis/<group>/<version>`): 404 means
 * the group/version is not served at all, as when the operator that brings it is not installed.
 */
import type { KubeTransport } from '@dojo/runtime';

export async function servesResource(transport: KubeTransport, group: string, version: string, resource: string): Promise<boolean> {
  const res = await transport.request({ method: 'GET', path: `/apis/${group}/${version}` });
  if (res.code === 404) return false;
  if (res.code !== 200) {
    const message = (res.body as { message?: unknown } | undefined)?.message;
    throw new Error(`reading API discovery for ${group}/${version}: ${typeof message === 'string' ? message : `HTTP ${res.code}`}`);
  }
  const resources = (res.body as { resources?: { name?: unknown }[] } | undefined)?.resources ?? [];
  return resources.some((r) => r.name === resource);
}
