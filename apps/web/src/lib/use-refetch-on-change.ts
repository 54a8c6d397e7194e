/**
 * Refetches a query when a value on screen moves (the object's resourceVersion): for answers
 * the backend derives from the object, whose key stays the same for the object.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';

export function useRefetchOnChange(queryKey: QueryKey, value: unknown): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey });
    // Only the value should refetch; the key is stable for the object.
  }, [value]);
}
