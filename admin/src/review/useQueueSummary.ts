import { useGetList } from 'react-admin';
import { QUEUE_COUNT_UP_TO } from '../../../shared/constants';
import type { TReview } from './reviewWords';

// Loaded with the console's layout (the sidebar shows the count): nothing here brings zod.

const OLDEST_FIRST = { field: 'queuedAt', order: 'ASC' } as const;

/**
 * How many registrations wait for review (null: more than the queue counts; undefined while
 * unknown) and since when the oldest waits: the queue's first row and its count, one call
 * (refreshed with the console's other lists).
 */
export function useQueueSummary() {
  const { data, total, isPending, error } = useGetList<TReview>('review', {
    pagination: { page: 1, perPage: 1 },
    sort: OLDEST_FIRST,
    filter: {},
  });
  return {
    waiting: isPending || error ? undefined : (total ?? null),
    oldestQueuedAt: data?.[0]?.queuedAt ?? null,
    isPending,
    error,
  };
}

/** The most the queue counts, written for people: "10,000". */
export const COUNTED_UP_TO = QUEUE_COUNT_UP_TO.toLocaleString('en-US');

/** How many wait, as the sidebar shows it: "3", or "10,000+" past what the queue counts. */
export const waitingCount = (waiting: number | null) =>
  waiting === null ? `${COUNTED_UP_TO}+` : waiting.toLocaleString('en-US');
