import { Alert, Box, Button, LinearProgress, TextField } from '@mui/material';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { STAFF_MESSAGES } from '../../../shared/staff';
import { messageOf, useStaffApi } from '../components/api';
import { CopyButton } from '../components/CopyButton';
import { ErrorList } from '../components/ErrorList';
import { LoadFailure } from '../components/NotFound';
import { PageHeading } from '../components/PageHeading';
import { useConsolePath } from '../components/paths';
import { SubmitButton } from '../components/SubmitButton';
import { useAllowed } from '../components/useAllowed';
import { useFormErrors } from '../components/useFormErrors';
import { useLoad } from '../components/useLoad';
import { useSessionOrganization } from '../components/useSessionOrganization';
import { OrganizationPeople } from '../organization-people/OrganizationPeople';
import type { OrgInfo } from '../providers/types';
import { DeletePanel } from './DeletePanel';
import { OrganizationInputs } from './OrganizationInputs';
import {
  fromOrgInfo,
  type OrganizationValues,
  serverErrors,
  toPayload,
  validateOrganization,
} from './organizationForm';
import { organizationNameCandidates } from './orgNameParam';
import { formLink, publicSite, SuccessPanel } from './SuccessPanel';
import { TestingRulesSection } from './TestingRulesSection';
import { TestReportRulesSection } from './TestReportRulesSection';
import { useCredentialTypes } from './useCredentialTypes';

type Mode = 'view' | 'edit' | 'edited' | 'delete';

const PATH_MARKER = '/vieworedit/';

/** Organization view/edit (/vieworedit/{orgNameParam}): view, Edit Info, Submit Edits, Delete Org. */
export function OrganizationPage() {
  const mayEdit = useAllowed('organizations', 'edit');
  const mayDelete = useAllowed('organizations', 'delete');
  const mayListPeople = useAllowed('organization-people', 'list');
  const mayReadTestingRules = useAllowed('testing-rules', 'show');
  const mayReadTestReportRules = useAllowed('test-report-rules', 'show');
  // An organization's person (or one not known yet) sees the organization's own settings only;
  // whether its people must use two-step sign-in, the provider's staff and those who may edit.
  const ownSettingsOnly = useSessionOrganization() !== null;
  const showTwoFactor = mayEdit || !ownSettingsOnly;
  const api = useStaffApi();
  const location = useLocation();
  const navigate = useNavigate();
  const consolePath = useConsolePath();
  const rawParam = location.pathname.slice(
    location.pathname.indexOf(PATH_MARKER) + PATH_MARKER.length,
  );
  const candidates = useMemo(() => organizationNameCandidates(rawParam), [rawParam]);

  const organization = useLoad(async () => {
    let lastError: unknown = new Error(MESSAGES.apiRequestError);
    for (const name of candidates) {
      try {
        return await api.getOrganization(name);
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }, [api, candidates]);
  const agencies = useLoad(() => api.getAgencies(), [api]);
  const credentialTypes = useCredentialTypes();

  const [mode, setMode] = useState<Mode>('view');
  const [values, setValues] = useState<OrganizationValues>();
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors(serverErrors);
  const created = Boolean((location.state as { created?: boolean } | null)?.created);

  useEffect(() => {
    if (organization.data) setValues(fromOrgInfo(organization.data));
  }, [organization.data]);

  const org: OrgInfo | undefined = organization.data;
  const url = org ? formLink(org.orgURL) : '';

  const cancelEdits = () => {
    if (org) setValues(fromOrgInfo(org));
    errors.clear();
    setMode('view');
  };

  const submitEdits = async (event: FormEvent) => {
    event.preventDefault();
    if (!values || !org) return;
    const clientErrors = validateOrganization(values, 'edit', credentialTypes.data ?? []);
    if (Object.keys(clientErrors).length > 0) {
      errors.showClient(clientErrors);
      return;
    }
    errors.clear();
    setBusy(true);
    try {
      await api.editOrganization(org.org_name, { ...toPayload(values), orgID: org.org_id });
      setMode('edited');
      organization.reload();
    } catch (error) {
      errors.showServer(error);
    } finally {
      setBusy(false);
    }
  };

  const deleteOrganization = async () => {
    if (!org) return;
    try {
      await api.deleteOrganization(org.org_name, org.org_id);
    } catch (error) {
      throw new Error(messageOf(error));
    }
    navigate(consolePath('/search'), { state: { deleted: true } });
  };

  const title = org ? org.org_name : 'Organization';
  if (organization.error && !org) {
    return (
      <Box sx={{ pb: 4 }}>
        <LoadFailure error={organization.error} title={title} />
      </Box>
    );
  }
  if (created && org) {
    return (
      <>
        <PageHeading title={title} />
        <SuccessPanel
          title={STAFF_MESSAGES.orgCreated}
          url={url}
          actionLabel="Continue"
          onAction={() => navigate(location.pathname, { replace: true, state: null })}
        />
      </>
    );
  }
  if (mode === 'edited' && org) {
    return (
      <>
        <PageHeading title={title} />
        <SuccessPanel
          title={STAFF_MESSAGES.orgEdited}
          url={url}
          actionLabel="Back"
          onAction={() => setMode('view')}
        />
      </>
    );
  }

  const editing = mode === 'edit' || mode === 'delete';
  return (
    <Box sx={{ pb: 4 }}>
      <PageHeading title={title} />
      {organization.loading || agencies.loading || credentialTypes.loading ? (
        <LinearProgress aria-label="Loading" />
      ) : null}
      {agencies.error || credentialTypes.error ? (
        <Alert severity="error">{MESSAGES.apiRequestError}</Alert>
      ) : null}
      {org && values ? (
        <Box component="form" noValidate onSubmit={submitEdits} aria-label="Organization">
          <ErrorList errors={errors.summary} />
          <OrganizationInputs
            values={values}
            onChange={setValues}
            errors={errors.fieldErrors}
            agencies={agencies.data ?? {}}
            credentialTypes={credentialTypes.data ?? []}
            readOnly={!editing}
            nameDisabled
            minCertifications={0}
            publicUrl={publicSite(url)}
            ownSettingsOnly={ownSettingsOnly}
            showTwoFactor={showTwoFactor}
          />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', maxWidth: 720, my: 2 }}>
            <TextField
              label="Organization URL"
              value={url}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <CopyButton text={url} />
          </Box>
          {editing ? (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <SubmitButton label="Submit Edits" busy={busy} />
              {mayDelete ? (
                <Button
                  color="error"
                  variant="outlined"
                  onClick={() => setMode('delete')}
                  disabled={busy}
                >
                  Delete Org
                </Button>
              ) : null}
              <Button onClick={cancelEdits} disabled={busy}>
                Cancel
              </Button>
            </Box>
          ) : mayEdit ? (
            <Button variant="contained" onClick={() => setMode('edit')}>
              Edit Info
            </Button>
          ) : null}
        </Box>
      ) : null}
      {org && mode === 'delete' ? (
        <DeletePanel
          organizationName={org.org_name}
          onDelete={deleteOrganization}
          onCancel={() => setMode('edit')}
        />
      ) : null}
      {org && mayReadTestingRules ? <TestingRulesSection organizationId={org.org_id} /> : null}
      {org && mayReadTestReportRules ? (
        <TestReportRulesSection organizationId={org.org_id} />
      ) : null}
      {org && mayListPeople ? (
        <OrganizationPeople organization={{ id: org.org_id, name: org.org_name }} />
      ) : null}
    </Box>
  );
}
