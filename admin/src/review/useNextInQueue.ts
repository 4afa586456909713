import { useCallback } from 'react';
import { useDataProvider, useNotify, useRedirect } from 'react-admin';
import { REVIEW_STAFF_MESSAGES } from '../../../shared/review';

const OLDEST_FIRST = { field: 'queuedAt', order: 'ASC' } as const;

/** After a decision: the oldest registration still waiting, or the empty queue. */
export function useNextInQueue() {
  const dataProvider = useDataProvider();
  const redirect = useRedirect();
  const notify = useNotify();
  return useCallback(
    async (decided: number) => {
      const { data } = await dataProvider.getList('review', {
        pagination: { page: 1, perPage: 2 },
        sort: OLDEST_FIRST,
        filter: {},
      });
      const next = data.find((row) => row.id !== decided);
      if (next) {
        redirect('edit', 'review', next.id);
        return;
      }
      notify(REVIEW_STAFF_MESSAGES.queueEmpty, { type: 'info' });
      redirect('list', 'review');
    },
    [dataProvider, redirect, notify],
  );
}
