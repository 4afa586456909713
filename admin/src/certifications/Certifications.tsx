import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Grid,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { useNotify } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { messageOf, useStaffApi } from '../components/api';
import { PageHeading } from '../components/PageHeading';
import { useAllowed } from '../components/useAllowed';
import { useLoad } from '../components/useLoad';
import type { MutationAnswer } from '../providers/types';
import { NameEditor } from './NameEditor';

/** Certification agencies and types, and which types each agency offers (spec section 2). */
export function Certifications() {
  const mayChange = useAllowed('certifications', 'edit');
  const api = useStaffApi();
  const notify = useNotify();
  const catalogue = useLoad(
    async () => ({ agencies: await api.getAgencies(), types: await api.getTypes() }),
    [api],
  );
  const [selectedAgencyId, setSelectedAgencyId] = useState<string>();
  const [agencyName, setAgencyName] = useState('');
  const [typeName, setTypeName] = useState('');
  const [busy, setBusy] = useState(false);

  const agencies = catalogue.data?.agencies ?? {};
  const types = catalogue.data?.types ?? {};
  const selectedAgency = selectedAgencyId ? agencies[selectedAgencyId] : undefined;

  const run = async (call: () => Promise<MutationAnswer>, done: string, after?: () => void) => {
    setBusy(true);
    try {
      const answer = await call();
      notify(typeof answer.message === 'string' && answer.message ? answer.message : done, {
        type: 'success',
      });
      after?.();
      catalogue.reload();
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const selectOnKey = (event: KeyboardEvent, id: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setSelectedAgencyId(id);
    }
  };

  return (
    <Box sx={{ pb: 4 }}>
      <PageHeading title="Certifications" />
      <Alert severity="warning" sx={{ mb: 2 }}>
        Changes made here affect ALL organization forms, active and inactive. Get approval from a
        team lead before making any changes.
      </Alert>
      {catalogue.loading ? <LinearProgress aria-label="Loading" /> : null}
      {catalogue.error ? <Alert severity="error">{MESSAGES.apiRequestError}</Alert> : null}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" id="agencies-heading">
              Certification Agencies
            </Typography>
            <Table size="small" aria-labelledby="agencies-heading">
              <TableHead>
                <TableRow>
                  <TableCell>Agency (select one to edit its types)</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(agencies).map(([id, entry]) => (
                  <TableRow
                    key={id}
                    hover
                    selected={id === selectedAgencyId}
                    aria-selected={id === selectedAgencyId}
                    tabIndex={0}
                    onClick={() => setSelectedAgencyId(id)}
                    onKeyDown={(event) => selectOnKey(event, id)}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell>{entry.agency}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <NameEditor
              allowed={mayChange}
              label="Agency Name"
              value={agencyName}
              onChange={setAgencyName}
              busy={busy}
              onAdd={() =>
                run(
                  () => api.addAgency(agencyName.trim()),
                  'Agency added.',
                  () => setAgencyName(''),
                )
              }
              onDelete={() =>
                run(
                  () => api.deleteAgency(agencyName.trim()),
                  'Agency deleted.',
                  () => {
                    setAgencyName('');
                    setSelectedAgencyId(undefined);
                  },
                )
              }
            />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" id="types-heading">
              Certification Types
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {selectedAgency
                ? `Checked types are offered by ${selectedAgency.agency}.`
                : 'Select an agency to see and change the types it offers.'}
            </Typography>
            <FormGroup aria-labelledby="types-heading">
              {Object.entries(types).map(([typeId, name]) => {
                const linked = Boolean(selectedAgency?.associatedTypes[typeId]);
                return (
                  <FormControlLabel
                    key={typeId}
                    label={name}
                    control={
                      <Checkbox
                        checked={linked}
                        disabled={!mayChange || !selectedAgencyId || busy}
                        onChange={() =>
                          selectedAgencyId &&
                          run(
                            () => api.toggleTypeLink(selectedAgencyId, typeId, linked),
                            linked
                              ? 'Type unlinked from the agency.'
                              : 'Type linked to the agency.',
                          )
                        }
                      />
                    }
                  />
                );
              })}
            </FormGroup>
            <NameEditor
              allowed={mayChange}
              label="Type Name"
              value={typeName}
              onChange={setTypeName}
              busy={busy}
              onAdd={() =>
                run(
                  () => api.addType(typeName.trim()),
                  'Type added.',
                  () => setTypeName(''),
                )
              }
              onDelete={() =>
                run(
                  () => api.deleteType(typeName.trim()),
                  'Type deleted.',
                  () => setTypeName(''),
                )
              }
            />
          </Paper>
        </Grid>
      </Grid>
    </Box>
  );
}
