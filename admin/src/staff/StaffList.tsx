import {
  CreateButton,
  DataTable,
  DateField,
  SelectInput,
  TextInput,
  TopToolbar,
} from 'react-admin';
import type { TAdminStaffResponse } from '../../../shared/admin-responses';
import { STAFF_ROLE_LABELS, STAFF_STATUS_LABELS } from '../../../shared/staff-roles';
import { ConsoleList } from '../components/ConsoleList';
import { PageHeading } from '../components/PageHeading';
import { ROLE_CHOICES, STATUS_CHOICES, signInMethodText } from './choices';

const filters = [
  <TextInput key="q" source="q" label="Search email or name" alwaysOn />,
  <SelectInput key="role" source="role" label="Role" choices={ROLE_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn />,
];

/** Staff (/staff, Administrators only): every staff account, its role, status and sign-in. */
export function StaffList() {
  return (
    <>
      <PageHeading title="Staff" />
      <ConsoleList
        resource="staff"
        filters={filters}
        sort={{ field: 'email', order: 'ASC' }}
        perPage={25}
        actions={
          <TopToolbar>
            <CreateButton label="Invite" />
          </TopToolbar>
        }
      >
        <DataTable<TAdminStaffResponse> bulkActionButtons={false} rowClick="edit">
          <DataTable.Col source="email" label="Email" />
          <DataTable.Col source="name" label="Name" />
          <DataTable.Col
            source="role"
            label="Role"
            render={(account: TAdminStaffResponse) => STAFF_ROLE_LABELS[account.role]}
          />
          <DataTable.Col
            source="status"
            label="Status"
            disableSort
            render={(account: TAdminStaffResponse) => STAFF_STATUS_LABELS[account.status]}
          />
          <DataTable.Col source="lastLoginAt" label="Last sign-in">
            <DateField source="lastSignInAt" showTime emptyText="Never" />
          </DataTable.Col>
          <DataTable.Col
            source="signInMethods"
            label="Sign-in method"
            disableSort
            render={(account: TAdminStaffResponse) => signInMethodText(account.signInMethods)}
          />
        </DataTable>
      </ConsoleList>
    </>
  );
}
