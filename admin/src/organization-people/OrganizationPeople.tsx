import { Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { DataTable, DateField, useGetIdentity } from 'react-admin';
import type { TOrganizationPersonRecord } from '../../../shared/organization-people';
import { ORGANIZATION_ROLE_LABELS } from '../../../shared/organization-roles';
import { STAFF_STATUS_LABELS } from '../../../shared/staff-roles';
import { SectionList } from '../components/SectionList';
import { useAllowed } from '../components/useAllowed';
import { InvitePerson } from './InvitePerson';
import { PersonActions } from './PersonActions';

type TPerson = TOrganizationPersonRecord;

interface Props {
  organization: { id: number; name: string };
}

/**
 * The organization page's People (provider Administrators, and the organization's Program
 * managers): who works in the console for it, in which role, whether they have taken up their
 * invitation and use two-step sign-in, and when they last signed in; Invite, and each person's
 * role change, invitation again and removal. One's own row offers nothing: a Program manager
 * does not lock themselves out by a slip.
 */
export function OrganizationPeople({ organization }: Props) {
  const headingId = useId();
  const mayInvite = useAllowed('organization-people', 'create');
  const mayChange = useAllowed('organization-people', 'edit');
  const { identity } = useGetIdentity();
  const isSelf = (person: TPerson) => identity !== undefined && person.staffId === identity.id;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mt: 3, maxWidth: 1200 }}>
      <Typography id={headingId} variant="h6" component="h2">
        People
      </Typography>
      <Typography sx={{ mb: 1 }}>
        The organization's own people who work in this console, each with a role in it.
      </Typography>
      {mayInvite ? <InvitePerson organizationId={organization.id} /> : null}
      <SectionList
        resource="organization-people"
        // Each organization's page starts at its first page, sorted by email.
        storeKey={false}
        filter={{ organization: organization.id }}
        sort={{ field: 'email', order: 'ASC' }}
        emptyText="No one works in the console for this organization yet."
      >
        <DataTable<TPerson> aria-label="People" bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="name"
            label="Name"
            render={(person: TPerson) =>
              isSelf(person) ? `${person.name} (you)`.trim() : person.name
            }
          />
          <DataTable.Col source="email" label="Email" />
          <DataTable.Col
            source="role"
            label="Role"
            render={(person: TPerson) => ORGANIZATION_ROLE_LABELS[person.role]}
          />
          <DataTable.Col
            label="Status"
            render={(person: TPerson) => STAFF_STATUS_LABELS[person.status]}
          />
          <DataTable.Col
            label="Two-step sign-in"
            render={(person: TPerson) => (person.twoFactorEnabled ? 'On' : 'Off')}
          />
          <DataTable.Col label="Last sign-in">
            <DateField source="lastSignInAt" showTime emptyText="Never" />
          </DataTable.Col>
          {mayChange ? (
            <DataTable.Col
              label="Actions"
              render={(person: TPerson) =>
                isSelf(person) ? null : (
                  <PersonActions person={person} organizationName={organization.name} />
                )
              }
            />
          ) : null}
        </DataTable>
      </SectionList>
    </Paper>
  );
}
