import type { TCredentialTypeRecord } from '../../../shared/credential-types';
import { useStaffApi } from '../components/api';
import { type Loaded, useLoad } from '../components/useLoad';

/** Every credential type (a few dozen at most), by name: what an organization can ask for. */
export function useCredentialTypes(): Loaded<TCredentialTypeRecord[]> {
  const api = useStaffApi();
  return useLoad(
    async () =>
      (
        await api.getList<TCredentialTypeRecord>('credential-types', {
          pagination: { page: 1, perPage: 1000 },
          sort: { field: 'name', order: 'ASC' },
          filter: {},
        })
      ).data,
    [api],
  );
}
