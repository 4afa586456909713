import {
  Alert,
  Box,
  Button,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { MESSAGES } from '../../../shared/codes';
import {
  ALL_ORGANIZATIONS_MAX_DAYS_BACK,
  ALL_ORGANIZATIONS_REPORT_TYPES,
  DELIVERY_METHODS,
  REPORT_RANGES,
  REPORT_TYPES,
  TIMINGS,
  type TReportType,
} from '../../../shared/constants';
import { addDays, todayInProgramZone } from '../../../shared/program-zone';
import { ALL_ORGANIZATIONS, checkReportRequest, type TReportErrors } from '../../../shared/reports';
import { fieldErrorsOf, messageOf, useStaffApi } from '../components/api';
import { ErrorList } from '../components/ErrorList';
import { IsoDateInput } from '../components/IsoDateInput';
import { OrganizationPicker } from '../components/OrganizationPicker';
import { PageHeading } from '../components/PageHeading';
import { SessionOrganizationName } from '../components/SessionOrganizationName';
import { saveFile } from '../components/saveFile';
import { useSessionOrganization } from '../components/useSessionOrganization';
import type { OrganizationMatch } from '../providers/types';
import { DownloadProgress } from './DownloadProgress';
import { useReportDownload } from './useReportDownload';

/** Report range ends keep a readable width. */
const DATE_FIELD = { sx: { minWidth: 200 } };

type Scope = 'organization' | 'all';
type Range = (typeof REPORT_RANGES)[keyof typeof REPORT_RANGES];
type Delivery = (typeof DELIVERY_METHODS)[keyof typeof DELIVERY_METHODS];

const TYPE_KEYS = Object.keys(REPORT_TYPES) as TReportType[];

/** The message of a failed report call (spec section 8: report exception / non-OK answer). */
function failureMessage(error: unknown): string {
  const status = (error as { status?: unknown })?.status;
  if (typeof status !== 'number') return MESSAGES.apiFetchFailed;
  return messageOf(error, MESSAGES.apiResponseNotOk);
}

/**
 * Reports (spec sections 2, 4 and 5): one organization or all, download or email. A download
 * that takes more than a moment shows what has arrived, and can be cancelled. An organization's
 * person reports on their own organization, named instead of the choice and the search.
 */
export function Reports() {
  const api = useStaffApi();
  const today = todayInProgramZone();
  const ownOrganization = useSessionOrganization();
  const picksOrganization = ownOrganization === null;
  const [scope, setScope] = useState<Scope>('organization');
  const [picked, setOrganization] = useState<OrganizationMatch | null>(null);
  const organization: OrganizationMatch | null = ownOrganization ?? picked;
  const organizationId = organization?.id;
  const [total, setTotal] = useState<number | null>(null);
  const [range, setRange] = useState<Range>(REPORT_RANGES.allTime);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [delivery, setDelivery] = useState<Delivery>(DELIVERY_METHODS.download);
  const [recipient, setRecipient] = useState('');
  const [reportType, setReportType] = useState<TReportType | ''>('');
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<TReportErrors>({});
  const [failure, setFailure] = useState('');
  const [emailMessage, setEmailMessage] = useState('');
  const [cancelled, setCancelled] = useState(false);
  const download = useReportDownload();

  useEffect(() => {
    setTotal(null);
    if (organizationId === undefined) return;
    let current = true;
    api.registrationCount(organizationId).then(
      (count) => current && setTotal(count),
      () => current && setTotal(null),
    );
    return () => {
      current = false;
    };
  }, [api, organizationId]);

  useEffect(() => {
    if (!emailMessage) return;
    const timer = setTimeout(() => setEmailMessage(''), TIMINGS.emailReportMessageMs);
    return () => clearTimeout(timer);
  }, [emailMessage]);

  const allOrganizations = scope === 'all';
  const typeAllowed = (type: TReportType) =>
    !allOrganizations || ALL_ORGANIZATIONS_REPORT_TYPES.includes(type);

  const chooseScope = (next: Scope | null) => {
    if (!next) return;
    setScope(next);
    setErrors({});
    if (next === 'all') {
      // All Organizations: a date range only, no organization, Users or Test Kits only.
      setRange(REPORT_RANGES.dateRange);
      setOrganization(null);
      if (reportType && !ALL_ORGANIZATIONS_REPORT_TYPES.includes(reportType)) setReportType('');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    setCancelled(false);
    const body = {
      orgName: organization?.name ?? '',
      range,
      rangeStart: range === REPORT_RANGES.dateRange ? start : '',
      rangeEnd: range === REPORT_RANGES.dateRange ? end : '',
      deliveryMethod: delivery,
      recipientEmail: delivery === DELIVERY_METHODS.email ? recipient : '',
      reportType: reportType ? REPORT_TYPES[reportType] : '',
    };
    const orgId = allOrganizations ? ALL_ORGANIZATIONS : (organization?.id ?? '');
    const check = checkReportRequest({ ...body, orgId }, today);
    if (!check.ok) {
      // The only organization problem the screen can have: none chosen from the list.
      setErrors({
        ...check.errors,
        ...(check.errors.orgId ? { orgId: MESSAGES.selectValidOrganization } : {}),
      });
      return;
    }
    setErrors({});
    setLoading(true);
    const outcome = await download.run(delivery === DELIVERY_METHODS.download, (options) =>
      api.generateReport(orgId, { orgId, ...body }, options),
    );
    setLoading(false);
    if (outcome.kind === 'cancelled') {
      setCancelled(true);
    } else if (outcome.kind === 'failed') {
      setFailure(failureMessage(outcome.error));
      setErrors(fieldErrorsOf(outcome.error));
    } else if (outcome.value.kind === 'file') {
      saveFile(outcome.value.file.blob, outcome.value.file.filename);
    } else {
      setEmailMessage(String(outcome.value.json.emailMessage ?? ''));
    }
  };

  const messages = [failure, ...Object.values(errors)].filter((m): m is string => Boolean(m));
  return (
    <>
      <PageHeading title="Reports" />
      <ErrorList errors={[...new Set(messages)]} />
      {emailMessage ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {emailMessage}
        </Alert>
      ) : null}
      {cancelled ? (
        <Alert severity="info" sx={{ mb: 2 }} role="status">
          The download was cancelled.
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 720 }}>
        <Stack spacing={3}>
          <Stack spacing={1}>
            <Typography component="h2" variant="subtitle1" id="report-for">
              Report For
            </Typography>
            {picksOrganization ? (
              <ToggleButtonGroup
                exclusive
                value={scope}
                onChange={(_e, next) => chooseScope(next)}
                aria-labelledby="report-for"
              >
                <ToggleButton value="organization">An Organization</ToggleButton>
                <ToggleButton value="all">All Organizations</ToggleButton>
              </ToggleButtonGroup>
            ) : null}
            {allOrganizations ? null : (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'center' } }}
              >
                {ownOrganization ? (
                  <SessionOrganizationName organization={ownOrganization} />
                ) : null}
                {picksOrganization ? (
                  <OrganizationPicker
                    value={picked}
                    onChange={setOrganization}
                    error={errors.orgId}
                  />
                ) : null}
                <Typography aria-live="polite">
                  Total Registrations: {organization && total !== null ? total : '–'}
                </Typography>
              </Stack>
            )}
          </Stack>

          <Stack spacing={1}>
            <Typography component="h2" variant="subtitle1" id="report-range">
              Report Range
            </Typography>
            <ToggleButtonGroup
              exclusive
              value={range}
              onChange={(_e, next: Range | null) => next && setRange(next)}
              aria-labelledby="report-range"
            >
              <ToggleButton value={REPORT_RANGES.allTime} disabled={allOrganizations}>
                {REPORT_RANGES.allTime}
              </ToggleButton>
              <ToggleButton value={REPORT_RANGES.dateRange}>{REPORT_RANGES.dateRange}</ToggleButton>
            </ToggleButtonGroup>
            {range === REPORT_RANGES.dateRange ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <IsoDateInput
                  label="Start Date"
                  name="rangeStart"
                  value={start}
                  onChange={setStart}
                  min={
                    allOrganizations ? addDays(today, -ALL_ORGANIZATIONS_MAX_DAYS_BACK) : undefined
                  }
                  max={today}
                  error={errors.rangeStart}
                  textField={DATE_FIELD}
                />
                <IsoDateInput
                  label="End Date"
                  name="rangeEnd"
                  value={end}
                  onChange={setEnd}
                  min={
                    allOrganizations ? addDays(today, -ALL_ORGANIZATIONS_MAX_DAYS_BACK) : undefined
                  }
                  max={today}
                  error={errors.rangeEnd}
                  textField={DATE_FIELD}
                />
              </Stack>
            ) : null}
          </Stack>

          <Stack spacing={1}>
            <Typography component="h2" variant="subtitle1" id="delivery-method">
              Delivery Method
            </Typography>
            <ToggleButtonGroup
              exclusive
              value={delivery}
              onChange={(_e, next: Delivery | null) => next && setDelivery(next)}
              aria-labelledby="delivery-method"
            >
              <ToggleButton value={DELIVERY_METHODS.download}>
                {DELIVERY_METHODS.download}
              </ToggleButton>
              <ToggleButton value={DELIVERY_METHODS.email}>{DELIVERY_METHODS.email}</ToggleButton>
            </ToggleButtonGroup>
            {delivery === DELIVERY_METHODS.email ? (
              <TextField
                label="Recipient Email"
                name="recipientEmail"
                type="email"
                value={recipient}
                onChange={(event) => setRecipient(event.target.value)}
                error={Boolean(errors.recipientEmail)}
                helperText={errors.recipientEmail}
                sx={{ maxWidth: 400 }}
              />
            ) : null}
          </Stack>

          <FormControl error={Boolean(errors.reportType)} sx={{ maxWidth: 400 }}>
            <InputLabel id="report-type-label">Report Type</InputLabel>
            <Select
              labelId="report-type-label"
              label="Report Type"
              name="reportType"
              value={reportType}
              onChange={(event) => setReportType(event.target.value as TReportType | '')}
            >
              {TYPE_KEYS.map((type) => (
                <MenuItem key={type} value={type} disabled={!typeAllowed(type)}>
                  {REPORT_TYPES[type]}
                </MenuItem>
              ))}
            </Select>
            {errors.reportType ? <FormHelperText>{errors.reportType}</FormHelperText> : null}
          </FormControl>

          <Box>
            <Button type="submit" variant="contained" disabled={loading}>
              {loading ? 'Loading...' : 'Generate Report'}
            </Button>
            {download.received !== null ? (
              <DownloadProgress received={download.received} onCancel={download.cancel} />
            ) : null}
          </Box>
        </Stack>
      </Box>
    </>
  );
}
