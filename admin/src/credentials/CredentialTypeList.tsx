import { CreateButton, DataTable, TextInput, TopToolbar } from 'react-admin';
import {
  CREDENTIAL_FACT_LABELS,
  CREDENTIAL_HOLDER_LABELS,
  type TCredentialTypeRecord,
} from '../../../shared/credential-types';
import { ConsoleList } from '../components/ConsoleList';
import { PageHeading } from '../components/PageHeading';
import { useAllowed } from '../components/useAllowed';

const filters = [<TextInput key="q" source="q" label="Search name" alwaysOn />];

/** Credential types (/credential-types): each with who holds it, whether it expires, its facts. */
export function CredentialTypeList() {
  const canWrite = useAllowed('credential-types', 'create');
  return (
    <>
      <PageHeading title="Credential Types" />
      <ConsoleList
        resource="credential-types"
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        actions={
          canWrite ? (
            <TopToolbar>
              <CreateButton label="Add credential type" />
            </TopToolbar>
          ) : (
            false
          )
        }
      >
        <DataTable<TCredentialTypeRecord>
          bulkActionButtons={false}
          rowClick={canWrite ? 'edit' : false}
        >
          <DataTable.Col source="name" label="Name" />
          <DataTable.Col
            source="holder"
            label="Held by"
            disableSort
            render={(type: TCredentialTypeRecord) => CREDENTIAL_HOLDER_LABELS[type.holder]}
          />
          <DataTable.Col
            source="expires"
            label="Expires"
            disableSort
            render={(type: TCredentialTypeRecord) => (type.expires ? 'Yes' : 'No')}
          />
          <DataTable.Col
            source="facts"
            label="Facts"
            disableSort
            render={(type: TCredentialTypeRecord) =>
              type.facts.map((fact) => CREDENTIAL_FACT_LABELS[fact]).join(', ') || 'None'
            }
          />
        </DataTable>
      </ConsoleList>
    </>
  );
}
