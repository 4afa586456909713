import { Alert, Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { LinkBase } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { QUEUE_COUNT_UP_TO } from '../../../shared/constants';
import type { TComplianceSummaryResponse } from '../../../shared/staff-responses';
import type { TStanding } from '../../../shared/standing';
import { useStaffApi } from '../components/api';
import { OrganizationPicker } from '../components/OrganizationPicker';
import { useConsolePath } from '../components/paths';
import { SessionOrganizationName } from '../components/SessionOrganizationName';
import { srOnly } from '../components/srOnly';
import { useLoad } from '../components/useLoad';
import { useSessionOrganization } from '../components/useSessionOrganization';
import type { OrganizationMatch } from '../providers/types';
import { findUsersSearch } from '../users/findUsersAddress';

// The chart library loads with this screen's chart only, never with the rest of the console.
const WeeklyChart = lazy(() => import('./WeeklyChart').then((m) => ({ default: m.WeeklyChart })));

const counted = (count: number | null) =>
  count === null
    ? `More than ${QUEUE_COUNT_UP_TO.toLocaleString('en-US')}`
    : count.toLocaleString('en-US');

/** A count and what it counts; a link to the list of them when there is one (`to`). */
function CountCard({ title, count, to }: { title: string; count: number | null; to?: string }) {
  const consolePath = useConsolePath();
  const content = (
    <CardContent>
      <Typography variant="h4" component="p">
        {counted(count)}
      </Typography>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
    </CardContent>
  );
  return (
    <Grid size={{ xs: 12, md: 4 }}>
      <Card sx={{ height: '100%' }}>
        {to ? (
          <CardActionArea component={LinkBase} to={consolePath(to)} sx={{ height: '100%' }}>
            {content}
          </CardActionArea>
        ) : (
          content
        )}
      </Card>
    </Grid>
  );
}

/** Find Users for the organization's registrations of a standing (none across organizations). */
const standingList = (organization: OrganizationMatch | null, standing: TStanding) =>
  organization
    ? `/users${findUsersSearch({ page: 1, organizationId: String(organization.id), name: '', standing })}`
    : undefined;

/** The weeks as a table: the same numbers as the chart, for screen readers. */
function WeeksTable({ weeks }: { weeks: TComplianceSummaryResponse['weeks'] }) {
  const cell = (value: number | null) => (value === null ? '—' : String(value));
  return (
    <Box component="table" sx={srOnly}>
      <caption>Registrations per week and certifications due per week</caption>
      <thead>
        <tr>
          <th scope="col">Week of</th>
          <th scope="col">Registrations</th>
          <th scope="col">Certifications due</th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.weekOf}>
            <th scope="row">{week.weekOf}</th>
            <td>{cell(week.registrations)}</td>
            <td>{cell(week.expirationsDue)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

/**
 * The admin home's compliance picture for all organizations or one: what waits for review, what
 * expires within 30 days, what has expired, the registrations suspended and lapsed, and registrations per week over six months beside
 * the certifications due in the coming weeks. An organization's person's is their organization's.
 */
export function ComplianceSummary() {
  const api = useStaffApi();
  const ownOrganization = useSessionOrganization();
  const [picked, setOrganization] = useState<OrganizationMatch | null>(null);
  const organization: OrganizationMatch | null = ownOrganization ?? picked;
  const summary = useLoad(() => api.complianceSummary(organization?.id), [api, organization?.id]);
  return (
    <Box component="section" aria-labelledby="compliance-title" sx={{ mb: 3 }}>
      <Typography id="compliance-title" variant="h5" component="h2" sx={{ mb: 1 }}>
        Compliance
      </Typography>
      {ownOrganization ? (
        <SessionOrganizationName organization={ownOrganization} sx={{ mb: 2 }} />
      ) : null}
      {ownOrganization === null ? (
        <Box sx={{ maxWidth: 420, mb: 2 }}>
          <OrganizationPicker value={picked} onChange={setOrganization} />
          <Typography variant="body2" color="text.secondary">
            {picked ? picked.name : 'All organizations'}
          </Typography>
        </Box>
      ) : null}
      {summary.error ? <Alert severity="error">{MESSAGES.apiRequestError}</Alert> : null}
      {summary.data ? (
        <>
          <Grid container spacing={2} sx={{ mb: 2 }}>
            <CountCard
              title="Waiting for review"
              count={summary.data.waitingForReview}
              to="/review"
            />
            <CountCard
              title="Certifications expiring within 30 days"
              count={summary.data.expiringIn30Days}
              to="/expiring"
            />
            <CountCard title="Certifications expired" count={summary.data.expired} to="/expiring" />
            <CountCard
              title="Registrations suspended"
              count={summary.data.suspended}
              to={standingList(organization, 'suspended')}
            />
            <CountCard
              title="Registrations lapsed"
              count={summary.data.lapsed}
              to={standingList(organization, 'lapsed')}
            />
          </Grid>
          <Typography variant="h6" component="h3">
            Registrations per week, and certifications due in the coming weeks
          </Typography>
          <Suspense fallback={<Typography>Loading...</Typography>}>
            <WeeklyChart weeks={summary.data.weeks} />
          </Suspense>
          <WeeksTable weeks={summary.data.weeks} />
        </>
      ) : summary.loading ? (
        <Typography>Loading...</Typography>
      ) : null}
    </Box>
  );
}
