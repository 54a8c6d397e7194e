/**
 * `vi.waitFor` with room for a busy machine: integration tests wait on real processes (the API
 * server, watches, the Discord simulator), and `npm test` runs many such suites on two cores.
 */
import { vi } from 'vitest';

export function eventually<T>(check: () => T | Promise<T>, options: { timeout?: number; interval?: number } = {}): Promise<T> {
  return vi.waitFor(check, { timeout: 10_000, interval: 25, ...options });
}
