/**
 * The e2e console's Kafka broker simulator (the KafkaTopic example's external system), found
 * among the console's ports as the one whose fault knobs answer with `unavailable`. A spec
 * switches the broker off and on with them, as `PUT /_sim/faults` does by hand.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir } from './console.ts';
import { findConsoleService } from './console-ports.ts';

/** The broker's bearer token, when the console keeps one in its data directory. */
function authorization(): Record<string, string> {
  const file = join(dataDir, 'kafka-broker-token');
  return existsSync(file) ? { authorization: `Bearer ${readFileSync(file, 'utf8').trim()}` } : {};
}

async function isBroker(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/_sim/faults`, { headers: authorization(), signal: AbortSignal.timeout(2000) });
    return res.ok && 'unavailable' in ((await res.json()) as object);
  } catch {
    return false; // the console's HTTPS API server, or another listener
  }
}

export interface KafkaBrokerClient {
  /** Every admin request answered 503 BrokerNotAvailable until switched back. */
  setUnavailable(unavailable: boolean): Promise<void>;
}

export async function kafkaBroker(): Promise<KafkaBrokerClient> {
  const base = await findConsoleService('Kafka broker simulator', isBroker);
  return {
    async setUnavailable(unavailable) {
      const res = await fetch(`${base}/_sim/faults`, {
        method: 'PUT',
        headers: { ...authorization(), 'content-type': 'application/json' },
        body: JSON.stringify({ unavailable }),
      });
      if (!res.ok) throw new Error(`PUT /_sim/faults: ${res.status} ${await res.text()}`);
    },
  };
}
