import { Alert, Box, Button, LinearProgress, Link, Typography } from '@mui/material';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { LinkBase } from 'react-admin';
import type { TInventoryImport } from '../../../shared/inventory-import';
import { messageOf, useStaffApi } from '../components/api';
import { ErrorList } from '../components/ErrorList';
import { OrganizationPicker } from '../components/OrganizationPicker';
import { PageHeading } from '../components/PageHeading';
import { useConsolePath } from '../components/paths';
import { SubmitButton } from '../components/SubmitButton';
import { useAllowed } from '../components/useAllowed';
import { usePicksOrganization } from '../components/useSessionOrganization';
import type { OrganizationMatch } from '../providers/types';
import { ImportMapping } from './ImportMapping';
import { ImportPlan } from './ImportPlan';

/** How often the rows read are asked for while the file is read. */
const PROGRESS_EVERY_MS = 700;

const ORGANIZATION_REQUIRED = 'Please choose an organization.';
const FILE_REQUIRED = 'Please choose the file to import.';

/** The rows read so far, asked for while the file is being read (planned). */
function useRowsRead(importId: number | null) {
  const api = useStaffApi();
  const [rowsRead, setRowsRead] = useState(0);
  useEffect(() => {
    setRowsRead(0);
    if (importId === null) return;
    let stopped = false;
    const timer = setInterval(() => {
      api.getInventoryImport(importId).then(
        (current) => !stopped && setRowsRead(current.rowsRead),
        () => undefined,
      );
    }, PROGRESS_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api, importId]);
  return rowsRead;
}

/**
 * Import an organization's inventory from the utility's own spreadsheet (/inventory-import): the
 * file is read and planned, its columns chosen, the plan read (new, changed, missing, refused),
 * and nothing is written to the inventory until Apply.
 */
export function InventoryImport() {
  const api = useStaffApi();
  const consolePath = useConsolePath();
  const mayImport = useAllowed('inventory-imports', 'create');
  const picksOrganization = usePicksOrganization();
  const [organization, setOrganization] = useState<OrganizationMatch | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ organization?: string; file?: string }>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [reading, setReading] = useState<number | null>(null);
  const [inventoryImport, setInventoryImport] = useState<TInventoryImport | null>(null);
  const [planVersion, setPlanVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const rowsRead = useRowsRead(reading);

  const planned = (next: TInventoryImport) => {
    setInventoryImport(next);
    setPlanVersion((version) => version + 1);
  };

  const read = async (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      ...(picksOrganization && !organization ? { organization: ORGANIZATION_REQUIRED } : {}),
      ...(file ? {} : { file: FILE_REQUIRED }),
    };
    setFieldErrors(errors);
    setProblems(Object.values(errors));
    setNotice(null);
    if (!file || Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      const started = await api.startInventoryImport(
        picksOrganization && organization ? Number(organization.id) : undefined,
      );
      setReading(started.id);
      planned(await api.uploadInventoryFile(started.id, file));
    } catch (error) {
      setProblems([messageOf(error)]);
    } finally {
      setReading(null);
      setBusy(false);
    }
  };

  const markMissing = async (markMissingRemoved: boolean) => {
    if (!inventoryImport) return;
    setBusy(true);
    try {
      planned(
        await api.mapInventoryImport(
          inventoryImport.id,
          inventoryImport.mapping,
          markMissingRemoved,
        ),
      );
    } catch (error) {
      setProblems([messageOf(error)]);
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!inventoryImport) return;
    setBusy(true);
    setProblems([]);
    setNotice(null);
    try {
      setInventoryImport(await api.applyInventoryImport(inventoryImport.id));
    } catch (error) {
      if ((error as { status?: number }).status === 409) {
        // The inventory changed since the plan: it was planned again, to be read again.
        setNotice(messageOf(error));
        planned(await api.getInventoryImport(inventoryImport.id).catch(() => inventoryImport));
      } else {
        setProblems([messageOf(error)]);
      }
    } finally {
      setBusy(false);
    }
  };

  const startOver = () => {
    setInventoryImport(null);
    setFile(null);
    setNotice(null);
    setProblems([]);
    if (fileInput.current) fileInput.current.value = '';
  };

  if (!mayImport) {
    return (
      <>
        <PageHeading title="Import a Spreadsheet" />
        <Alert severity="info">
          Importing an inventory is for Program managers and the provider's Editors.
        </Alert>
      </>
    );
  }

  const state = inventoryImport?.state;
  return (
    <Box sx={{ pb: 4, maxWidth: 1200 }}>
      <PageHeading title="Import a Spreadsheet" />
      <Typography sx={{ mb: 2 }}>
        Read the utility's own list of locations and assemblies (a CSV file or an Excel workbook,
        .xlsx), choose which column holds what, and read the plan. Nothing is written to the
        inventory until you press Apply.
      </Typography>
      <ErrorList errors={problems} />
      {state === undefined || state === 'failed' ? (
        <Box
          component="form"
          noValidate
          onSubmit={read}
          aria-label="Spreadsheet to import"
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}
        >
          {picksOrganization ? (
            <OrganizationPicker
              value={organization}
              onChange={setOrganization}
              error={fieldErrors.organization}
            />
          ) : null}
          <Box>
            <Typography component="label" htmlFor="inventory-file" sx={{ display: 'block' }}>
              Spreadsheet (CSV or Excel .xlsx)
            </Typography>
            <input
              id="inventory-file"
              ref={fileInput}
              type="file"
              name="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-invalid={Boolean(fieldErrors.file)}
              aria-describedby={fieldErrors.file ? 'inventory-file-error' : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            {fieldErrors.file ? (
              <Typography id="inventory-file-error" color="error" variant="body2">
                {fieldErrors.file}
              </Typography>
            ) : null}
          </Box>
          <SubmitButton label="Read the file" busy={busy} />
        </Box>
      ) : null}
      <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
        {reading !== null ? (
          <>
            <LinearProgress aria-label="Reading the file" />
            <Typography>
              {rowsRead.toLocaleString('en-US')} rows read
              {file ? ` from ${file.name}` : ''}
            </Typography>
          </>
        ) : null}
      </Box>
      {state === 'failed' && inventoryImport?.error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {inventoryImport.error}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {notice}
        </Alert>
      ) : null}
      {inventoryImport && state === 'planned' ? (
        <>
          <Typography sx={{ mt: 2 }}>
            {inventoryImport.rowsRead.toLocaleString('en-US')} rows read from{' '}
            {inventoryImport.fileName}.
          </Typography>
          <ImportMapping inventoryImport={inventoryImport} onPlanned={planned} />
          <ImportPlan
            inventoryImport={inventoryImport}
            onMarkMissing={markMissing}
            busy={busy}
            planVersion={planVersion}
          />
          <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
            <Button variant="contained" onClick={apply} disabled={busy}>
              Apply
            </Button>
            <Button onClick={startOver} disabled={busy}>
              Start over
            </Button>
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Nothing has been written yet: Apply makes these changes to the inventory.
          </Typography>
        </>
      ) : null}
      {inventoryImport && state === 'applied' ? (
        <Alert severity="success" sx={{ mt: 2 }}>
          The inventory was updated from {inventoryImport.fileName}.{' '}
          <Link component={LinkBase} to={consolePath('/assemblies')}>
            Open the Assemblies list
          </Link>
        </Alert>
      ) : null}
    </Box>
  );
}
