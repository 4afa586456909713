import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import type { z } from 'zod';
import type { ZAdminUserResponse } from '../../../shared/admin-responses';
import { STANDING_STAFF_MESSAGES, standingActions } from '../../../shared/standing-staff';
import { useStaffApi } from '../components/api';
import { dateTime } from '../components/dates';
import { StandingChip } from '../components/StandingChip';
import { srOnly } from '../components/srOnly';
import { useAllowed } from '../components/useAllowed';
import { StandingDialog, type TStandingAction } from './StandingDialog';

/** One organization of User Info's record: the person's registration with it. */
export type TUserOrganization = NonNullable<
  z.infer<typeof ZAdminUserResponse>['organizations']
>[number];

/** When and why the standing last changed, and a suspension's last day. */
function standingDetails(organization: TUserOrganization): string[] {
  const details: string[] = [];
  if (organization.suspendedUntil) details.push(`Through ${organization.suspendedUntil}`);
  if (organization.suspendedAutomatically) details.push('Suspended automatically');
  if (organization.standingChangedAt) {
    details.push(`Since ${dateTime(organization.standingChangedAt)}`);
  }
  if (organization.standingReason) details.push(organization.standingReason);
  return details;
}

/**
 * One organization's standing on User Info: Active, Suspended or Lapsed with its details, and
 * Suspend or Reinstate for the roles that may approve registrations.
 */
export function OrganizationStanding({ organization }: { organization: TUserOrganization }) {
  const api = useStaffApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const mayChange = useAllowed('registrations', 'standing');
  const [action, setAction] = useState<TStandingAction | null>(null);
  const offered = standingActions(organization);
  const label = `registration with ${organization.name}`;
  const confirm = async (body: { reason: string; until?: string | null }) => {
    if (!action) return;
    await api.changeStanding(organization.registrationId, action, body);
    notify(STANDING_STAFF_MESSAGES[action === 'suspend' ? 'suspended' : 'reinstated'], {
      type: 'success',
    });
    setAction(null);
    refresh();
  };
  return (
    <Box>
      <StandingChip standing={organization.standing} />
      {standingDetails(organization).map((detail) => (
        <Typography key={detail} variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ))}
      {mayChange && offered.suspend ? (
        <Button size="small" color="error" onClick={() => setAction('suspend')}>
          Suspend
          <Box component="span" sx={srOnly}>{` ${label}`}</Box>
        </Button>
      ) : null}
      {mayChange && offered.reinstate ? (
        <Button size="small" onClick={() => setAction('reinstate')}>
          Reinstate
          <Box component="span" sx={srOnly}>{` ${label}`}</Box>
        </Button>
      ) : null}
      <StandingDialog
        action={action}
        organizationName={organization.name}
        onCancel={() => setAction(null)}
        onConfirm={confirm}
      />
    </Box>
  );
}
