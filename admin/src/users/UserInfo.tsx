import {
  Alert,
  Box,
  Button,
  Checkbox,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useNotify, useParams } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { messageOf, useStaffApi } from '../components/api';
import { isoDay } from '../components/dates';
import { ErrorList } from '../components/ErrorList';
import { PageHeading } from '../components/PageHeading';
import { useConsolePath } from '../components/paths';
import { SubmitButton } from '../components/SubmitButton';
import { saveFile } from '../components/saveFile';
import { useFormErrors } from '../components/useFormErrors';
import { useLoad } from '../components/useLoad';
import type { UserDetail, UserFields } from '../providers/types';
import { UserInputs } from './UserInputs';
import { EMPTY_USER, userServerErrors, validateUser } from './userForm';

function fieldsOf(user: UserDetail): UserFields {
  const { userType, userFirstName, userLastName, userEmail, userPhone } = user;
  return { userType, userFirstName, userLastName, userEmail, userPhone };
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

/** User Info (/users/{userId}): fields, organizations, service providers and certifications. */
export function UserInfo() {
  const { id = '' } = useParams();
  const api = useStaffApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const consolePath = useConsolePath();
  const user = useLoad(() => api.getUser(id), [api, id]);
  const [values, setValues] = useState<UserFields>(EMPTY_USER);
  const [editing, setEditing] = useState(false);
  const errors = useFormErrors(userServerErrors, { serverMessageOnly: true });
  const [busy, setBusy] = useState(false);
  const [downloading, setDownloading] = useState<string>();

  useEffect(() => {
    if (user.data) setValues(fieldsOf(user.data));
  }, [user.data]);

  const cancel = () => {
    if (user.data) setValues(fieldsOf(user.data));
    errors.clear();
    setEditing(false);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const clientErrors = validateUser(values);
    if (Object.keys(clientErrors).length > 0) {
      errors.showClient(clientErrors);
      return;
    }
    setBusy(true);
    errors.clear();
    try {
      const answer = await api.updateUser(id, values);
      notify(
        typeof answer.message === 'string' && answer.message
          ? answer.message
          : STAFF_MESSAGES.userEdited,
        { type: 'success' },
      );
      setEditing(false);
      user.reload();
    } catch (error) {
      errors.showServer(error);
    } finally {
      setBusy(false);
    }
  };

  const toggleEnrollment = async (orgId: string, enrolled: boolean) => {
    setBusy(true);
    try {
      const answer = await api.enrollUser(orgId, id, enrolled);
      const done = enrolled ? 'User enrolled.' : 'User unenrolled.';
      notify(typeof answer.message === 'string' && answer.message ? answer.message : done, {
        type: 'success',
      });
      user.reload();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const download = (certId: string, link: string) => async () => {
    setDownloading(certId);
    try {
      const file = await api.downloadDocument(link);
      saveFile(file.blob, file.filename);
    } catch (error) {
      notify(messageOf(error, MESSAGES.apiRequestError), { type: 'error' });
    } finally {
      setDownloading(undefined);
    }
  };

  const detail = user.data;
  return (
    <Box sx={{ pb: 4, maxWidth: 960 }}>
      <PageHeading title="User Info" />
      {user.loading || busy ? <LinearProgress aria-label="Loading" /> : null}
      {user.error ? <Alert severity="error">{MESSAGES.apiRequestError}</Alert> : null}
      {detail ? (
        <>
          <Paper
            component="form"
            noValidate
            onSubmit={save}
            sx={{ p: 2 }}
            aria-label="User details"
          >
            <ErrorList errors={errors.summary} />
            <UserInputs
              values={values}
              onChange={setValues}
              errors={errors.fieldErrors}
              readOnly={!editing}
            />
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button onClick={() => navigate(consolePath('/users'))} disabled={busy}>
                Back
              </Button>
              {editing ? (
                <>
                  <Button onClick={cancel} disabled={busy}>
                    Cancel Edits
                  </Button>
                  <SubmitButton label="Save Edits" busy={busy} />
                </>
              ) : (
                <Button variant="contained" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              )}
            </Box>
          </Paper>
          <Section title="Organizations">
            <Table size="small" aria-label="Organizations">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Enrolled?</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(detail.userOrgs).map(([orgId, org]) => (
                  <TableRow key={orgId}>
                    <TableCell>{org.name}</TableCell>
                    <TableCell>
                      <Checkbox
                        checked={Boolean(org.enrolled)}
                        disabled={busy}
                        slotProps={{ input: { 'aria-label': `Enrolled in ${org.name}` } }}
                        onChange={(event) => toggleEnrollment(orgId, event.target.checked)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Section>
          <Section title="Service Providers">
            <Table size="small" aria-label="Service providers">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(detail.userServiceProviders).map(([companyId, companyName]) => (
                  <TableRow key={companyId}>
                    <TableCell>{companyName}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Section>
          <Section title="Certifications">
            <Table size="small" aria-label="Certifications">
              <TableHead>
                <TableRow>
                  <TableCell>Number</TableCell>
                  <TableCell>Expiration</TableCell>
                  <TableCell>Agency</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Document</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(detail.userCerts).map(([certId, cert]) => (
                  <TableRow key={certId}>
                    <TableCell>{cert.certNum}</TableCell>
                    <TableCell>{isoDay(cert.certExp)}</TableCell>
                    <TableCell>{cert.certAgency}</TableCell>
                    <TableCell>{cert.certType}</TableCell>
                    <TableCell>
                      {cert.certDocLink ? (
                        <Button
                          size="small"
                          onClick={download(certId, cert.certDocLink)}
                          disabled={downloading === certId}
                          aria-label={`Download document of certification ${cert.certNum}`}
                        >
                          {downloading === certId ? 'Downloading...' : 'Download'}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Section>
        </>
      ) : null}
    </Box>
  );
}
