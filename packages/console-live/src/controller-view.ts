/**
 * The controllers as the console's views read them (`/api/controllers`, the `metrics` stream):
 * live from the runtime (`ConsoleControllers`), or rebuilt from a recording's telemetry at the
 * instant a view asks about (recording/replay/replay-controllers.ts).
 */
import type { ControllerDetails, ControllerSummary } from '@dojo/console-protocol';

export interface ControllerView {
  /** Every controller; `at` is the instant asked about (a live console has only now). */
  list(at?: number): ControllerSummary[];
  describe(name: string, at?: number): ControllerDetails | undefined;
}
