/**
 * `PUT /api/controllers/<name>/breakpoints` sends the whole set; the controller takes one key at
 * a time. The difference is applied here: keys no longer listed are cleared, new keys are set,
 * keys in both are left alone.
 */
import type { Controller } from '@dojo/runtime';

export function replaceBreakpoints(controller: Controller, keys: readonly string[]): void {
  const current = controller.status().breakpoints;
  for (const key of current) if (!keys.includes(key)) controller.clearBreakpoint(key);
  for (const key of keys) if (!current.includes(key)) controller.setBreakpoint(key);
}
