/**
 * Debugging a controller: pause, resume, step one item, MaxConcurrentReconciles, breakpoints,
 * faults. Every command answers with the new ControllerDetails, which goes straight into the cache.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BreakpointsRequest, ConcurrencyRequest, ContinueRequest, ControllerDetails, ControllerSummary, FaultsRequest } from '@dojo/console-protocol';
import { apiRequest } from '../../../lib/api-client.ts';
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
  const base = `/api/controllers/${encodeURIComponent(name)}`;
  switch (command.type) {
    case 'pause':
    case 'resume':
    case 'step':
      return apiRequest<ControllerDetails>(`${base}/${command.type}`, { method: 'POST' });
    case 'concurrency':
      return apiRequest<ControllerDetails>(`${base}/concurrency`, { method: 'PUT', body: { maxConcurrentReconciles: command.maxConcurrentReconciles } satisfies ConcurrencyRequest });
    case 'breakpoints':
      return apiRequest<ControllerDetails>(`${base}/breakpoints`, { method: 'PUT', body: { keys: command.keys } satisfies BreakpointsRequest });
    case 'continue':
      return apiRequest<ControllerDetails>(`${base}/continue`, { method: 'POST', body: { key: command.key } satisfies ContinueRequest });
    case 'faults':
      return apiRequest<ControllerDetails>(`${base}/faults`, { method: 'PUT', body: command.faults });
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
