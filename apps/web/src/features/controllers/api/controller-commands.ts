/**
 * Debugging a controller: pause, resume, step one item, MaxConcurrentReconciles, breakpoints,
 * faults. Every command answers with the new ControllerDetails, which goes straight into the cache.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BreakpointsRequest, ConcurrencyRequest, ContinueRequest, ControllerDetails, ControllerSummary, FaultsRequest } from '@dojo/console-protocol';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ControllerCommand =
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'step' }
  | ({ type: 'concurrency' } & ConcurrencyRequest)
  | ({ type: 'breakpoints' } & BreakpointsRequest)
  | ({ type: 'continue' } & ContinueRequest)
  | { type: 'faults'; faults: FaultsRequest };

export function sendControllerCommand(name: string, command: ControllerCommand): Promise<ControllerDetails> {
  const params = { name };
  switch (command.type) {
    case 'pause':
      return consoleRequest('POST /api/controllers/:name/pause', { params });
    case 'resume':
      return consoleRequest('POST /api/controllers/:name/resume', { params });
    case 'step':
      return consoleRequest('POST /api/controllers/:name/step', { params });
    case 'concurrency':
      return consoleRequest('PUT /api/controllers/:name/concurrency', { params, body: { maxConcurrentReconciles: command.maxConcurrentReconciles } });
    case 'breakpoints':
      return consoleRequest('PUT /api/controllers/:name/breakpoints', { params, body: { keys: command.keys } });
    case 'continue':
      return consoleRequest('POST /api/controllers/:name/continue', { params, body: { key: command.key } });
    case 'faults':
      return consoleRequest('PUT /api/controllers/:name/faults', { params, body: command.faults });
  }
}

export function useControllerCommand(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: ControllerCommand) => sendControllerCommand(name, command),
    onSuccess: (details) => {
      queryClient.setQueryData(queryKeys.controllers.details(name), details);
      queryClient.setQueryData<readonly ControllerSummary[]>(queryKeys.controllers.list(), (list) =>
        list?.map((c) => (c.name === name ? { ...c, ...summaryOf(details) } : c)),
      );
    },
  });
}

/** The summary part of the details (a step's answer also carries `stepped`). */
function summaryOf(details: ControllerDetails & { stepped?: unknown }): ControllerSummary {
  const { state: _state, stepped: _stepped, ...summary } = details;
  return summary;
}
