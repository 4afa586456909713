import { Box, Button, Checkbox, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { DataTable, useGetOne, useListContext } from 'react-admin';
import type { TReviewState } from '../../../shared/review';
import { REVIEW_STATE_LABELS } from '../../../shared/review-messages';
import type { TStanding } from '../../../shared/standing';
import { KeyboardRowsBody } from '../components/KeyboardRowsBody';
import { StandingChip } from '../components/StandingChip';
import { useAllowed } from '../components/useAllowed';
import { useSessionOrganization } from '../components/useSessionOrganization';
import type { OrganizationMatch } from '../providers/types';
import type { FindUsersQuery } from './findUsersAddress';
import { useEnrollment } from './useEnrollment';

interface UserRow {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  /** Listed for one organization: that registration's enrollment, review and standing. */
  enrolled?: boolean;
  reviewState?: TReviewState;
  standing?: TStanding;
}

// A click on the Enrolled cell changes enrollment; it must not open the user as the row does.
const keepRowClosed = (event: MouseEvent) => event.stopPropagation();

/** "Selected Organization: …", or an organization's person's own organization. */
function SelectedOrganization({ organizationId }: { organizationId: string }) {
  const ownOrganization = useSessionOrganization();
  const { data: organization } = useGetOne<OrganizationMatch>(
    'organizations',
    { id: Number(organizationId) },
    { enabled: ownOrganization === null },
  );
  if (ownOrganization) return <strong>{ownOrganization.name}</strong>;
  return <strong>{organization?.name ?? organizationId}</strong>;
}

/**
 * Find Users' table: First Name, Last Name, Phone, Email, and with an organization chosen the
 * registration's review state, its standing, its Enrolled checkbox (hidden while the list loads) and Enroll
 * All Users. A row opens User Info.
 */
export function UsersTable({ query }: { query: FindUsersQuery }) {
  const { isFetching } = useListContext();
  const enrollment = useEnrollment();
  const mayEnroll = useAllowed('users', 'enroll');
  const { organizationId, name } = query;
  return (
    <>
      {organizationId ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 2 }}>
          <Typography>
            Selected Organization: <SelectedOrganization organizationId={organizationId} />
          </Typography>
          {mayEnroll ? (
            <Button
              variant="outlined"
              disabled={enrollment.busy}
              onClick={() => enrollment.enrollAll(organizationId, name)}
            >
              Enroll All Users
            </Button>
          ) : null}
        </Box>
      ) : null}
      <DataTable<UserRow>
        aria-label="Users"
        bulkActionButtons={false}
        rowClick="edit"
        body={KeyboardRowsBody}
        empty={<Typography sx={{ p: 2 }}>No users found.</Typography>}
      >
        <DataTable.Col source="firstName" label="First Name" disableSort />
        <DataTable.Col source="lastName" label="Last Name" disableSort />
        <DataTable.Col source="phone" label="Phone" disableSort />
        <DataTable.Col source="email" label="Email" disableSort />
        {organizationId ? (
          <DataTable.Col
            label="Review"
            disableSort
            render={(user: UserRow) =>
              user.reviewState ? REVIEW_STATE_LABELS[user.reviewState] : ''
            }
          />
        ) : null}
        {organizationId ? (
          <DataTable.Col
            label="Standing"
            disableSort
            render={(user: UserRow) =>
              user.standing ? <StandingChip standing={user.standing} /> : ''
            }
          />
        ) : null}
        {organizationId && !isFetching ? (
          <DataTable.Col
            label="Enrolled"
            disableSort
            onClick={keepRowClosed}
            render={(user) => (
              <Checkbox
                checked={Boolean(user.enrolled)}
                disabled={!mayEnroll || enrollment.busy}
                slotProps={{
                  input: { 'aria-label': `Enrolled: ${user.firstName} ${user.lastName}` },
                }}
                onChange={(event) =>
                  enrollment.setEnrolled(organizationId, user.id, event.target.checked)
                }
              />
            )}
          />
        ) : null}
      </DataTable>
    </>
  );
}
