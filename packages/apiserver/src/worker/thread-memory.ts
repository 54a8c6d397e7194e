/**
 * The memory of the calling thread's V8 isolate, as the `memory` control request answers it.
 * Each thread has its own heap and young generation, and only the thread itself can read them,
 * so the API server thread reports its own and the console reads the same figures on its thread.
 */
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import type { ServerMemory } from './api-server-protocol.ts';

export function threadMemory(): ServerMemory {
  const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return { heapUsed, heapTotal, heapPhysical: getHeapStatistics().total_physical_size, newSpace: newSpace?.space_size ?? 0, external, arrayBuffers };
}
