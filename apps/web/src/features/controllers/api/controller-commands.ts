/**
 * Debugging a controller: pause, resume, step one item, MaxConcurrentReconciles, breakpoints,
 * faults. Every command answers with the new ControllerState, which goes straight into the cache.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ControllerFaults, ControllerState, ControllerSummary } from '../../../lib/protocol.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { decodeControllerState } from '../model/controller-decoders.ts';

export type ControllerCommand =
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'step' }
  | { type: 'concurrency'; maxConcurrentReconciles: number }
  | { type: 'breakpoints'; keys: string[] }
  | { type: 'faults'; faults: Partial<Omit<ControllerFaults, 'injected'>> };

export function sendControllerCommand(name: string, command: ControllerCommand): Promise<unknown> {
  const base = `/api/controllers/${encodeURIComponent(name)}`;
  switch (command.type) {
    case 'pause':
    case 'resume':
    case 'step':
      return apiRequest<unknown>(`${base}/${command.type}`, { method: 'POST' });
    case 'concurrency':
      return apiRequest<unknown>(`${base}/concurrency`, { method: 'PUT', body: { maxConcurrentReconciles: command.maxConcurrentReconciles } });
    case 'breakpoints':
      return apiRequest<unknown>(`${base}/breakpoints`, { method: 'PUT', body: { keys: command.keys } });
    case 'faults':
      return apiRequest<unknown>(`${base}/faults`, { method: 'PUT', body: command.faults });
  }
}

export function useControllerCommand(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (command: ControllerCommand) => decodeControllerState(await sendControllerCommand(name, command)),
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.controllers.state(name), state);
      queryClient.setQueryData<ControllerSummary[]>(queryKeys.controllers.list(), (list) =>
        list?.map((c) => (c.name === name ? { ...c, ...stripQueue(state) } : c)),
      );
    },
  });
}

function stripQueue(state: ControllerState): ControllerSummary {
  const { queue: _queue, heldAtBreakpoint: _held, ...summary } = state;
  return summary;
}
