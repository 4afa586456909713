import AddIcon from '@mui/icons-material/Add';
import { Box, Paper, Typography } from '@mui/material';
import { useId } from 'react';
import {
  CreateButton,
  DataTable,
  EditButton,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { CONTACT_ROLES, type TContactRole } from '../../../shared/assemblies';
import type { TAssemblyRecord, TLocationRecord } from '../../../shared/inventory-api';
import { lastTestText, STATUS_LABELS, sizeText } from '../assemblies/assemblyWords';
import { retryUnlessAnswered, ShowLoadFailure } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { RecordHistory } from '../components/RecordHistory';
import { CONTACT_ROLE_LABELS, LANGUAGE_CHOICES } from './LocationInputs';

const languageName = (language: string) =>
  LANGUAGE_CHOICES.find((choice) => choice.id === language)?.name ?? language;

function LocationHeading() {
  const location = useRecordContext<TLocationRecord>();
  return <PageHeading title={location ? `Location ${location.accountNumber}` : 'Location'} />;
}

function Contacts() {
  const location = useRecordContext<TLocationRecord>();
  const headingId = useId();
  if (!location) return null;
  const roles = CONTACT_ROLES.filter((role) => location.contacts[role]);
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2">
        Contacts
      </Typography>
      {roles.length === 0 ? <Typography>No contacts on file.</Typography> : null}
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        {roles.map((role: TContactRole) => {
          const contact = location.contacts[role];
          if (!contact) return null;
          return (
            <Box key={role} sx={{ minWidth: 240 }}>
              <Typography component="h3" variant="subtitle1">
                {CONTACT_ROLE_LABELS[role]}
              </Typography>
              <Box component="dl" sx={{ m: 0 }}>
                {(
                  [
                    ['Name', contact.name],
                    ['Email', contact.email],
                    ['Phone', contact.phone],
                    ['Postal address', contact.address],
                    ['Language', languageName(contact.language)],
                  ] as const
                ).map(([term, value]) => (
                  <Box key={term} sx={{ display: 'flex', gap: 1 }}>
                    <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                      {term}:
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{ m: 0, whiteSpace: 'pre-line' }}
                    >
                      {value || '—'}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}

function LocationAssemblies() {
  const location = useRecordContext<TLocationRecord>();
  const headingId = useId();
  if (!location) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="h6" component="h2">
          Assemblies
        </Typography>
        <CreateButton
          resource="assemblies"
          label="Add an assembly here"
          icon={<AddIcon />}
          state={{ record: { locationId: location.id } }}
        />
      </Box>
      <ReferenceManyField
        reference="assemblies"
        target="locationId"
        sort={{ field: 'assemblyId', order: 'ASC' }}
        perPage={100}
        empty={<Typography sx={{ my: 1 }}>No assemblies at this location yet.</Typography>}
      >
        <DataTable<TAssemblyRecord>
          aria-label="Assemblies at this location"
          bulkActionButtons={false}
          rowClick="show"
        >
          <DataTable.Col source="assemblyId" label="Assembly ID" />
          <DataTable.Col source="type" label="Type" />
          <DataTable.Col
            label="Size"
            render={(assembly: TAssemblyRecord) => sizeText(assembly.sizeInches)}
          />
          <DataTable.Col source="serial" label="Serial" />
          <DataTable.Col
            label="Status"
            render={(assembly: TAssemblyRecord) => STATUS_LABELS[assembly.status]}
          />
          <DataTable.Col
            label="Last tested / result"
            render={(assembly: TAssemblyRecord) =>
              lastTestText(assembly.lastTestedOn, assembly.lastResult)
            }
          />
          <DataTable.Col
            label="Next test due"
            render={(assembly: TAssemblyRecord) => assembly.nextDueOn ?? 'Not known'}
          />
        </DataTable>
      </ReferenceManyField>
    </Paper>
  );
}

function LocationHistory() {
  const location = useRecordContext<TLocationRecord>();
  return location ? <RecordHistory entityType="location" entityId={location.id} /> : null;
}

/**
 * One location (/locations/{id}/show): its account and address, its contacts, its assemblies
 * (each linked, and one to add here), and its history.
 */
export function LocationShow() {
  return (
    <Box sx={{ pb: 4, maxWidth: 1200 }}>
      <Show
        resource="locations"
        title={false}
        actions={
          <TopToolbar>
            <EditButton label="Edit" />
          </TopToolbar>
        }
        queryOptions={{ onError: () => undefined, retry: retryUnlessAnswered }}
        error={<ShowLoadFailure title="Location" />}
      >
        <LocationHeading />
        <SimpleShowLayout>
          <TextField source="accountNumber" label="Account number" />
          <TextField source="name" label="Name" emptyText="—" />
          <TextField source="address1" label="Service address" />
          <TextField source="address2" label="Address line 2" emptyText="—" />
          <TextField source="city" label="City" />
          <TextField source="state" label="State" emptyText="—" />
          <TextField source="zip" label="ZIP code" emptyText="—" />
          <TextField source="notes" label="Notes" emptyText="—" />
        </SimpleShowLayout>
        <Box sx={{ px: 2, pb: 2 }}>
          <Contacts />
          <LocationAssemblies />
          <LocationHistory />
        </Box>
      </Show>
    </Box>
  );
}
