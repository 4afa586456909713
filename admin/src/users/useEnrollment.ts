import type { Identifier } from 'react-admin';
import { useStaffApi } from '../components/api';
import { useNotifiedRun } from '../components/useNotifiedRun';

/**
 * Enrollment changes (the spec's enroll calls): one at a time, told in a notification, then the
 * lists and records on screen are fetched again.
 */
export function useEnrollment() {
  const api = useStaffApi();
  const { run, busy } = useNotifiedRun();

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
