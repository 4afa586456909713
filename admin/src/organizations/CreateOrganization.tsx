import { Alert, Box, LinearProgress } from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { useStaffApi } from '../components/api';
import { ErrorList } from '../components/ErrorList';
import { PageHeading } from '../components/PageHeading';
import { organizationPath, useConsolePath } from '../components/paths';
import { SubmitButton } from '../components/SubmitButton';
import { useFormErrors } from '../components/useFormErrors';
import { useLoad } from '../components/useLoad';
import { OrganizationInputs } from './OrganizationInputs';
import {
  createDefaults,
  type OrganizationValues,
  serverErrors,
  toPayload,
  validateOrganization,
} from './organizationForm';
import { useCredentialTypes } from './useCredentialTypes';

/** Add Organization (spec sections 2, 3 and 9). Success opens the new organization's page. */
export function CreateOrganization() {
  const api = useStaffApi();
  const navigate = useNavigate();
  const consolePath = useConsolePath();
  const agencies = useLoad(() => api.getAgencies(), [api]);
  const credentialTypes = useCredentialTypes();
  const [values, setValues] = useState<OrganizationValues>();
  const [busy, setBusy] = useState(false);
  const errors = useFormErrors(serverErrors);

  useEffect(() => {
    if (agencies.data) setValues((current) => current ?? createDefaults(agencies.data ?? {}));
  }, [agencies.data]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    const clientErrors = validateOrganization(values, 'create', credentialTypes.data ?? []);
    if (Object.keys(clientErrors).length > 0) {
      errors.showClient(clientErrors);
      return;
    }
    errors.clear();
    setBusy(true);
    const name = values.name.trim();
    try {
      await api.createOrganization(name, toPayload(values));
      navigate(consolePath(organizationPath(name)), { state: { created: true } });
    } catch (error) {
      errors.showServer(error);
      setBusy(false);
    }
  };

  return (
    <Box sx={{ pb: 4 }}>
      <PageHeading title="Add Organization" />
      {agencies.loading || credentialTypes.loading ? <LinearProgress aria-label="Loading" /> : null}
      {agencies.error || credentialTypes.error ? (
        <Alert severity="error">{MESSAGES.apiRequestError}</Alert>
      ) : null}
      {values ? (
        <Box component="form" noValidate onSubmit={submit} aria-label="Add Organization">
          <ErrorList errors={errors.summary} />
          <OrganizationInputs
            values={values}
            onChange={setValues}
            errors={errors.fieldErrors}
            agencies={agencies.data ?? {}}
            credentialTypes={credentialTypes.data ?? []}
            minCertifications={1}
          />
          <SubmitButton label="Submit" busy={busy} />
        </Box>
      ) : null}
    </Box>
  );
}
