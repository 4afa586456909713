import { useState } from 'react';
import { type Identifier, useNotify, useRefresh } from 'react-admin';
import { messageOf, useStaffApi } from '../components/api';

/**
 * Enrollment changes (the spec's enroll calls): one at a time, told in a notification, then the
 * lists and records on screen are fetched again.
 */
export function useEnrollment() {
  const api = useStaffApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    setEnrolled: (organizationId: Identifier, userId: Identifier, enrolled: boolean) =>
      run(
        () => api.enrollUser(organizationId, userId, enrolled),
        enrolled ? 'User enrolled.' : 'User unenrolled.',
      ),
    /** Enrolls everyone the list shows: the organization's users matching the name. */
    enrollAll: (organizationId: Identifier, name: string) =>
      run(() => api.enrollAllUsers(organizationId, name), 'All users enrolled.'),
  };
}
