/** When reconciles, conflicts and writes happened in the recording this console serves (GET /api/recording/activity): its slider's markers. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRequest } from '../../../lib/console-api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const recordingActivityQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.recordingActivity(),
    queryFn: ({ signal }) => consoleRequest('GET /api/recording/activity', { signal }),
    // A recording does not change.
    staleTime: Infinity,
    retry: false,
  });

export function useRecordingActivity(enabled: boolean) {
  return useQuery({ ...recordingActivityQueryOptions(), enabled });
}
