import { Box, Button, Checkbox, Link, Paper, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { ArrayField, DataTable, LinkBase, useNotify, useRecordContext } from 'react-admin';
import type { z } from 'zod';
import type { ZAdminUserResponse } from '../../../shared/admin-responses';
import { MESSAGES } from '../../../shared/codes';
import type { TReviewState } from '../../../shared/review';
import { REVIEW_STATE_LABELS } from '../../../shared/review-messages';
import { messageOf, useStaffApi } from '../components/api';
import { dateTime } from '../components/dates';
import { useConsolePath } from '../components/paths';
import { saveFile } from '../components/saveFile';
import { srOnly } from '../components/srOnly';
import { statusLabel } from '../expiring/expiringWords';
import { ReviewHistory } from '../review/ReviewHistory';
import { OrganizationStanding, type TUserOrganization } from './OrganizationStanding';
import { useEnrollment } from './useEnrollment';

// The lists of the users resource's record (GET /api/admin/users/{id}) that User Info shows.
type TUserRecord = z.infer<typeof ZAdminUserResponse>;

/** A listed item with a document: a certification or a credential. */
interface UserDocumentItem {
  id: number;
  documentUrl: string | null;
}

interface RelatedListProps {
  title: string;
  /** The record's list: organizations, companies or certifications. */
  source: string;
  children: ReactNode;
}

/** One of the record's lists as a titled table of its own. */
function RelatedList({ title, source, children }: RelatedListProps) {
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <ArrayField source={source}>
        <DataTable aria-label={title} bulkActionButtons={false} rowClick={false}>
          {children}
        </DataTable>
      </ArrayField>
    </Paper>
  );
}

/**
 * The organizations the person registered with, each with its registration's review (a link to
 * it), its standing (with Suspend or Reinstate) and its Enrolled? checkbox.
 */
export function UserOrganizations() {
  const user = useRecordContext();
  const enrollment = useEnrollment();
  const consolePath = useConsolePath();
  return (
    <RelatedList title="Organizations" source="organizations">
      <DataTable.Col source="name" label="Name" disableSort />
      <DataTable.Col
        label="Review"
        disableSort
        render={(organization) => (
          <Link component={LinkBase} to={consolePath(`/review/${organization.registrationId}`)}>
            {REVIEW_STATE_LABELS[organization.reviewState as TReviewState]}
            <Box component="span" sx={srOnly}>
              {` (registration with ${organization.name})`}
            </Box>
          </Link>
        )}
      />
      <DataTable.Col
        label="Standing"
        disableSort
        render={(organization: TUserOrganization) => (
          <OrganizationStanding organization={organization} />
        )}
      />
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
    </RelatedList>
  );
}

/** The service providers (companies) the person works for. */
export function UserServiceProviders() {
  return (
    <RelatedList title="Service Providers" source="companies">
      <DataTable.Col source="name" label="Name" disableSort />
    </RelatedList>
  );
}

/**
 * Documents need the staff token, so they are fetched and handed over as a file. `name` names
 * the row's item for the button's accessible name.
 */
function DocumentDownload<T extends UserDocumentItem>({ name }: { name: (item: T) => string }) {
  const item = useRecordContext<T>();
  const api = useStaffApi();
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  const documentUrl = item?.documentUrl;
  if (!item || !documentUrl) return null;
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
      aria-label={`Download document of ${name(item)}`}
    >
      {downloading ? 'Downloading...' : 'Download'}
    </Button>
  );
}

/** The person's certifications: Number, Expiration, Agency, Type and the document. */
export function UserCertifications() {
  return (
    <RelatedList title="Certifications" source="certifications">
      <DataTable.Col source="number" label="Number" disableSort />
      <DataTable.Col source="expiresOn" label="Expiration" disableSort />
      <DataTable.Col label="Status" disableSort render={statusLabel} />
      <DataTable.Col source="agencyName" label="Agency" disableSort />
      <DataTable.Col source="typeName" label="Type" disableSort />
      <DataTable.Col label="Document" disableSort>
        <DocumentDownload<{ id: number; number: string; documentUrl: string | null }>
          name={(certification) => `certification ${certification.number}`}
        />
      </DataTable.Col>
    </RelatedList>
  );
}

type TUserCredential = NonNullable<TUserRecord['credentials']>[number];

/** "$1,000,000", or nothing for a type without a coverage amount. */
const coverageText = (credential: TUserCredential) =>
  credential.coverage === null ? '' : `$${credential.coverage.toLocaleString('en-US')}`;

/**
 * The credentials of the person's registrations (issue 27), per organization: the company's
 * (one copy on each registration of its submission) and the tester's own, with their status.
 */
export function UserCredentials() {
  return (
    <RelatedList title="Credentials" source="credentials">
      <DataTable.Col source="organizationName" label="Organization" disableSort />
      <DataTable.Col source="typeName" label="Type" disableSort />
      <DataTable.Col
        label="Held by"
        disableSort
        render={(credential: TUserCredential) =>
          credential.holder === 'company' ? 'Company' : 'Tester'
        }
      />
      <DataTable.Col source="number" label="Number" disableSort />
      <DataTable.Col source="issuer" label="Issuer" disableSort />
      <DataTable.Col label="Coverage" disableSort render={coverageText} />
      <DataTable.Col
        label="Additional Insured"
        disableSort
        render={(credential: TUserCredential) =>
          credential.additionalInsured === null ? '' : credential.additionalInsured ? 'Yes' : 'No'
        }
      />
      <DataTable.Col
        label="Expiration"
        disableSort
        render={(credential: TUserCredential) => credential.expiresOn ?? 'Does not expire'}
      />
      <DataTable.Col label="Status" disableSort render={statusLabel} />
      <DataTable.Col label="Document" disableSort>
        <DocumentDownload<TUserCredential>
          name={(credential) =>
            [credential.typeName, credential.number, `(${credential.organizationName})`]
              .filter(Boolean)
              .join(' ')
          }
        />
      </DataTable.Col>
    </RelatedList>
  );
}

/** The test kits of the person's registrations, with their next calibration's status. */
export function UserTestKits() {
  return (
    <RelatedList title="Test Kits" source="testKits">
      <DataTable.Col source="serial" label="Serial" disableSort />
      <DataTable.Col source="manufacturer" label="Manufacturer" disableSort />
      <DataTable.Col source="model" label="Model" disableSort />
      <DataTable.Col source="calibratedOn" label="Calibrated" disableSort />
      <DataTable.Col source="dueOn" label="Calibration Due" disableSort />
      <DataTable.Col label="Status" disableSort render={statusLabel} />
      <DataTable.Col source="organizationName" label="Organization" disableSort />
    </RelatedList>
  );
}

/** Every reminder sent to the person about an expiring item, the latest first. */
export function UserReminders() {
  return (
    <RelatedList title="Reminders Sent" source="reminders">
      <DataTable.Col
        source="sentAt"
        label="Sent"
        disableSort
        render={(row: { sentAt: string }) => dateTime(row.sentAt)}
      />
      <DataTable.Col source="item" label="Item" disableSort />
      <DataTable.Col source="dueOn" label="Due" disableSort />
      <DataTable.Col
        label="Reminder"
        disableSort
        render={(row: { thresholdDays: number }) =>
          row.thresholdDays === 0 ? 'On the day' : `${row.thresholdDays} days before`
        }
      />
    </RelatedList>
  );
}

/** Every decision on the person's registrations, oldest first, named by organization. */
export function UserReviewHistory() {
  const user = useRecordContext<TUserRecord>();
  const organizations = new Map(
    (user?.organizations ?? []).map((organization) => [
      organization.registrationId,
      organization.name,
    ]),
  );
  return (
    <ReviewHistory
      title="Registration History"
      entries={(user?.reviewHistory ?? []).map((entry) => ({
        ...entry,
        // Registration 0: the person's own details, changed from My registrations.
        summary: organizations.has(entry.registrationId)
          ? `${organizations.get(entry.registrationId)}: ${entry.summary}`
          : entry.summary,
      }))}
    />
  );
}
