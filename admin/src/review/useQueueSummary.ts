import { useGetList } from 'react-admin';
import type { TReview } from './reviewWords';

const OLDEST_FIRST = { field: 'queuedAt', order: 'ASC' } as const;

/**
 * How many registrations wait for review and since when the oldest waits: the queue's first
 * row and its count, one call (refreshed with the console's other lists).
 */
export function useQueueSummary() {
  const { data, total, isPending, error } = useGetList<TReview>('review', {
    pagination: { page: 1, perPage: 1 },
    sort: OLDEST_FIRST,
    filter: {},
  });
  return {
    waiting: total,
    oldestQueuedAt: data?.[0]?.queuedAt ?? null,
    isPending,
    error,
  };
}
