import { Button, Checkbox, Paper, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { ArrayField, DataTable, useNotify, useRecordContext } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { messageOf, useStaffApi } from '../components/api';
import { saveFile } from '../components/saveFile';
import { useEnrollment } from './useEnrollment';

// The related lists of the users resource's record (GET /api/admin/users/{id}).
interface UserOrganization {
  id: number;
  name: string;
  enrolled: boolean;
}
interface UserCertification {
  id: number;
  number: string;
  expiresOn: string;
  agencyName: string;
  typeName: string;
  documentUrl: string | null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The organizations the person registered with, each with its Enrolled? checkbox. */
export function UserOrganizations() {
  const user = useRecordContext();
  const enrollment = useEnrollment();
  return (
    <Section title="Organizations">
      <ArrayField source="organizations">
        <DataTable<UserOrganization>
          aria-label="Organizations"
          bulkActionButtons={false}
          rowClick={false}
        >
          <DataTable.Col source="name" label="Name" disableSort />
          <DataTable.Col
            label="Enrolled?"
            disableSort
            render={(organization) => (
              <Checkbox
                checked={organization.enrolled}
                disabled={enrollment.busy || !user}
                slotProps={{ input: { 'aria-label': `Enrolled in ${organization.name}` } }}
                onChange={(event) =>
                  user && enrollment.setEnrolled(organization.id, user.id, event.target.checked)
                }
              />
            )}
          />
        </DataTable>
      </ArrayField>
    </Section>
  );
}

/** The service providers (companies) the person works for. */
export function UserServiceProviders() {
  return (
    <Section title="Service Providers">
      <ArrayField source="companies">
        <DataTable aria-label="Service providers" bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" label="Name" disableSort />
        </DataTable>
      </ArrayField>
    </Section>
  );
}

/** Documents need the staff token, so they are fetched and handed over as a file. */
function DocumentDownload() {
  const certification = useRecordContext<UserCertification>();
  const api = useStaffApi();
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  const documentUrl = certification?.documentUrl;
  if (!documentUrl) return null;
  const download = async () => {
    setDownloading(true);
    try {
      const file = await api.downloadDocument(documentUrl);
      saveFile(file.blob, file.filename);
    } catch (error) {
      notify(messageOf(error, MESSAGES.apiRequestError), { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      size="small"
      onClick={download}
      disabled={downloading}
      aria-label={`Download document of certification ${certification.number}`}
    >
      {downloading ? 'Downloading...' : 'Download'}
    </Button>
  );
}

/** The person's certifications: Number, Expiration, Agency, Type and the document. */
export function UserCertifications() {
  return (
    <Section title="Certifications">
      <ArrayField source="certifications">
        <DataTable<UserCertification>
          aria-label="Certifications"
          bulkActionButtons={false}
          rowClick={false}
        >
          <DataTable.Col source="number" label="Number" disableSort />
          <DataTable.Col source="expiresOn" label="Expiration" disableSort />
          <DataTable.Col source="agencyName" label="Agency" disableSort />
          <DataTable.Col source="typeName" label="Type" disableSort />
          <DataTable.Col label="Document" disableSort>
            <DocumentDownload />
          </DataTable.Col>
        </DataTable>
      </ArrayField>
    </Section>
  );
}
