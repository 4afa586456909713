import { BooleanInput, DataTable, SelectInput, TextInput, useRefresh } from 'react-admin';
import { type TApiKeyResponse, ZApiKeyCreateRequest } from '../../../shared/integration-api';
import { useStaffApi } from '../components/api';
import { ConfirmButton } from '../components/ConfirmButton';
import { dateTime } from '../components/dates';
import { OrganizationFilter } from '../components/OrganizationFilter';
import { SectionList } from '../components/SectionList';
import { usePicksOrganization, useSessionOrganization } from '../components/useSessionOrganization';
import { zodValidator } from '../components/zodValidator';
import { CreateWithSecret } from './CreateWithSecret';
import { KEY_SECRET_NOTE, NO_ORGANIZATION_HINT, scopeText } from './integrationWords';

const ORGANIZATION_FILTER = (
  <OrganizationFilter key="organization_id" source="organization_id" alwaysOn />
);

const filters = [
  <SelectInput
    key="revoked"
    source="revoked"
    label="Status"
    choices={[
      { id: 'false', name: 'Active' },
      { id: 'true', name: 'Revoked' },
    ]}
    alwaysOn
  />,
];

const keyRequest = ({ name, organization_id, can_fetch_documents }: Record<string, unknown>) => ({
  name,
  organization_id: organization_id ?? null,
  can_fetch_documents: Boolean(can_fetch_documents),
});

/** A new key: of one organization or every one; an organization's person's, of theirs. */
function CreateApiKey() {
  const ownOrganization = useSessionOrganization();
  return (
    <CreateWithSecret
      resource="api-keys"
      label="Create API key"
      createdTitle="API key created"
      secretLabel="API key"
      secretNote={KEY_SECRET_NOTE}
      defaultValues={{
        name: '',
        organization_id: ownOrganization?.id ?? null,
        can_fetch_documents: false,
      }}
      validate={zodValidator(ZApiKeyCreateRequest)}
      transform={keyRequest}
    >
      <TextInput source="name" label="Name" autoFocus fullWidth />
      {ownOrganization === null ? (
        <OrganizationFilter source="organization_id" helperText={NO_ORGANIZATION_HINT} />
      ) : null}
      <BooleanInput source="can_fetch_documents" label="May fetch documents" />
    </CreateWithSecret>
  );
}

/** Revoke, asked first: the key stops working at once and stays listed as Revoked. */
function RevokeKey({ apiKey }: { apiKey: TApiKeyResponse }) {
  const api = useStaffApi();
  const refresh = useRefresh();
  if (apiKey.revoked_at) return null;
  return (
    <ConfirmButton
      label="Revoke"
      title={`Revoke key ${apiKey.name}?`}
      text="Systems using it stop at once."
      color="error"
      onConfirm={async () => {
        await api.delete('api-keys', { id: apiKey.id, previousData: apiKey });
        refresh();
      }}
    />
  );
}

/** The keys other systems read the API with: who made each, its scope, its use and status. */
export function ApiKeys() {
  const picksOrganization = usePicksOrganization();
  return (
    <>
      {/* Outside the list: refreshing it after a create must not close the dialog. */}
      <CreateApiKey />
      <SectionList
        resource="api-keys"
        filters={picksOrganization ? [ORGANIZATION_FILTER, ...filters] : filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        emptyText="No API keys yet."
      >
        <DataTable<TApiKeyResponse> bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" label="Name" />
          <DataTable.Col
            label="Scope"
            render={(apiKey: TApiKeyResponse) => scopeText(apiKey.organization_name)}
          />
          <DataTable.Col
            label="Documents"
            render={(apiKey: TApiKeyResponse) => (apiKey.can_fetch_documents ? 'Yes' : 'No')}
          />
          <DataTable.Col source="hint" label="Key" disableSort />
          <DataTable.Col source="created_by" label="Created by" disableSort />
          <DataTable.Col
            source="created_at"
            label="Created"
            render={(apiKey: TApiKeyResponse) => dateTime(apiKey.created_at)}
          />
          <DataTable.Col
            source="last_used_at"
            label="Last used"
            render={(apiKey: TApiKeyResponse) =>
              apiKey.last_used_at ? dateTime(apiKey.last_used_at) : 'Never'
            }
          />
          <DataTable.Col
            label="Status"
            render={(apiKey: TApiKeyResponse) => (apiKey.revoked_at ? 'Revoked' : 'Active')}
          />
          <DataTable.Col
            label="Actions"
            render={(apiKey: TApiKeyResponse) => <RevokeKey apiKey={apiKey} />}
          />
        </DataTable>
      </SectionList>
    </>
  );
}
