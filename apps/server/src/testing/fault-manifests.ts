/** Manifests shared by the fault tests: Dojos and the DiscordServer -> Group -> Channel chain. */

export function dojoManifest(name: string, extra: { image?: string; alarmsChannel?: string } = {}): string {
  return JSON.stringify({
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name, namespace: 'default' },
    spec: {
      accountId: 'a',
      title: `Dojo ${name}`,
      credentialsRef: { name: `${name}-app` },
      replicas: 1,
      ...(extra.image ? { image: extra.image } : {}),
      ...(extra.alarmsChannel ? { alarms: { channelRef: { name: extra.alarmsChannel } } } : {}),
    },
  });
}

/** A stream of JSON objects so one `kubectl apply` creates the whole chain. */
export function discordChainManifest(prefix: string): string {
  return [
    {
      apiVersion: 'core.jutsu.com/v1',
      kind: 'DiscordServer',
      metadata: { name: `${prefix}-server`, namespace: 'default' },
      spec: { name: `${prefix} Server` },
    },
    {
      apiVersion: 'core.jutsu.com/v1',
      kind: 'DiscordGroup',
      metadata: { name: `${prefix}-group`, namespace: 'default' },
      spec: { name: `${prefix} Group`, serverRef: { name: `${prefix}-server` } },
    },
    {
      apiVersion: 'core.jutsu.com/v1',
      kind: 'DiscordChannel',
      metadata: { name: `${prefix}-channel`, namespace: 'default' },
      spec: { name: `${prefix}-channel`, groupRef: { name: `${prefix}-group` } },
    },
  ]
    .map((o) => JSON.stringify(o))
    .join('\n');
}

export interface SimulatorState {
  guilds: { name: string; channels: { name: string; type?: number; messages: { content: string }[] }[] }[];
}

/** Names that occur more than once: a duplicate Discord object left by a retried create. */
export function duplicates(names: string[]): string[] {
  return [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
}
