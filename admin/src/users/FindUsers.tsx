import { Box } from '@mui/material';
import { useState } from 'react';
import { USERS_PAGE_SIZE } from '../../../shared/constants';
import { ConsoleList } from '../components/ConsoleList';
import { PageHeading } from '../components/PageHeading';
import { AddUserDialog } from './AddUserDialog';
import { FindUsersForm } from './FindUsersForm';
import { FindUsersPagination } from './FindUsersPagination';
import { useFindUsersAddress, usersFilterOf } from './findUsersAddress';
import { UsersTable } from './UsersTable';

const BY_NAME = { field: 'lastName', order: 'ASC' } as const;

/**
 * Find Users over the REST users resource. The spec's address (page, org, name) is the query:
 * react-admin reads `page` from it as it names it, org and name become the list's filter, and the
 * form and the pager go to new addresses, so a reload shows the same page.
 */
export function FindUsers() {
  const { query, go } = useFindUsersAddress();
  const [adding, setAdding] = useState(false);
  return (
    <Box sx={{ pb: 4 }}>
      <PageHeading title="Find Users" />
      <FindUsersForm query={query} onSearch={go} onAddUser={() => setAdding(true)} />
      <ConsoleList
        resource="users"
        storeKey={false}
        empty={false}
        filter={usersFilterOf(query)}
        sort={BY_NAME}
        perPage={USERS_PAGE_SIZE}
        pagination={<FindUsersPagination onPage={(page) => go({ ...query, page })} />}
      >
        <UsersTable query={query} />
      </ConsoleList>
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
    </Box>
  );
}
