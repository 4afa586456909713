import {
  Box,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { MESSAGES } from '../../../shared/codes';
import {
  IMPORT_FIELD_LABELS,
  type TImportChange,
  type TImportChangeKind,
  type TImportField,
  type TInventoryImport,
} from '../../../shared/inventory-import';
import { useStaffApi } from '../components/api';
import { useLoad } from '../components/useLoad';

type PlanKind = Exclude<TImportChangeKind, 'unchanged'>;

const KINDS: { kind: PlanKind; label: string }[] = [
  { kind: 'new', label: 'New' },
  { kind: 'changed', label: 'Changed' },
  { kind: 'missing', label: 'Missing' },
  { kind: 'refused', label: 'Refused' },
];

const ENTITY_LABELS = { location: 'Location', assembly: 'Assembly' } as const;

const fieldLabel = (field: string) => IMPORT_FIELD_LABELS[field as TImportField] ?? field;

/** A value as the plan shows it; nothing as a dash. */
const shown = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

const PER_PAGE = 50;

function ChangesTable({ importId, kind }: { importId: number; kind: PlanKind }) {
  const api = useStaffApi();
  const [page, setPage] = useState(0);
  const changes = useLoad(
    () =>
      api.inventoryImportChanges(importId, kind, {
        start: page * PER_PAGE,
        end: (page + 1) * PER_PAGE,
      }),
    [api, importId, kind, page],
  );
  if (changes.error) return <Typography role="alert">{MESSAGES.apiRequestError}</Typography>;
  if (!changes.data) return <LinearProgress aria-label="Loading" />;
  if (changes.data.total === 0) return <Typography sx={{ my: 2 }}>None.</Typography>;
  const label = KINDS.find((entry) => entry.kind === kind)?.label ?? kind;
  return (
    <>
      <Table size="small" aria-label={`${label} in the plan`}>
        <TableHead>
          <TableRow>
            <TableCell>Row</TableCell>
            <TableCell>What</TableCell>
            <TableCell>Account number or assembly ID</TableCell>
            <TableCell>{kind === 'refused' ? 'Why' : 'Fields'}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.data.rows.map((change) => (
            <TableRow key={`${change.entity}-${change.key}-${change.row ?? ''}`}>
              <TableCell>{change.row ?? '—'}</TableCell>
              <TableCell>{ENTITY_LABELS[change.entity]}</TableCell>
              <TableCell>{change.key || '—'}</TableCell>
              <TableCell>
                <ChangeDetail change={change} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={changes.data.total}
        page={page}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[PER_PAGE]}
        onPageChange={(_event, next) => setPage(next)}
      />
    </>
  );
}

function ChangeDetail({ change }: { change: TImportChange }) {
  if (change.kind === 'refused') {
    return (
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {change.refusals.map((refusal) => (
          <li key={`${refusal.column}-${refusal.message}`}>
            {refusal.column ? `${refusal.column}: ` : ''}
            {refusal.message}
          </li>
        ))}
      </Box>
    );
  }
  if (change.kind === 'missing') return <>Not in the file</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {change.changes.map((field) => (
        <li key={field.field}>
          {fieldLabel(field.field)}:{' '}
          {change.kind === 'changed'
            ? `${shown(field.from)} → ${shown(field.to)}`
            : shown(field.to)}
        </li>
      ))}
    </Box>
  );
}

interface Props {
  inventoryImport: TInventoryImport;
  /** Marks the missing assemblies removed (or not): the import is planned again. */
  onMarkMissing(markMissingRemoved: boolean): void;
  busy: boolean;
  /** Counts the plans made: each new one is read from its first page. */
  planVersion: number;
}

/**
 * The plan of an import: what it would add and change, what the inventory holds that the file
 * does not, and the rows it cannot read, each with its reason.
 */
export function ImportPlan({ inventoryImport, onMarkMissing, busy, planVersion }: Props) {
  const [kind, setKind] = useState<PlanKind>('new');
  const summary = inventoryImport.summary;
  if (!summary) return null;
  const counts: Record<PlanKind, number> = {
    new: summary.newLocations + summary.newAssemblies,
    changed: summary.changedLocations + summary.changedAssemblies,
    missing: summary.missing,
    refused: summary.refused,
  };
  const figures = [
    ['New locations', summary.newLocations],
    ['Changed locations', summary.changedLocations],
    ['New assemblies', summary.newAssemblies],
    ['Changed assemblies', summary.changedAssemblies],
    ['Unchanged', summary.unchanged],
    ['Missing from the file', summary.missing],
    ['Rows refused', summary.refused],
  ] as const;
  return (
    <Box component="section" aria-labelledby="import-plan-heading" sx={{ mt: 3, maxWidth: 1200 }}>
      <Typography id="import-plan-heading" component="h2" variant="h6">
        The plan
      </Typography>
      <Box
        component="dl"
        aria-label="Plan summary"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content max-content',
          gap: 0.5,
          columnGap: 2,
        }}
      >
        {figures.map(([term, count]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt">{term}</Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {count.toLocaleString('en-US')}
            </Typography>
          </Box>
        ))}
      </Box>
      <Tabs value={kind} onChange={(_event, next: PlanKind) => setKind(next)} sx={{ mt: 2 }}>
        {KINDS.map((entry) => (
          <Tab
            key={entry.kind}
            value={entry.kind}
            label={`${entry.label} (${counts[entry.kind].toLocaleString('en-US')})`}
            id={`import-tab-${entry.kind}`}
            aria-controls={`import-panel-${entry.kind}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`import-panel-${kind}`}
        aria-labelledby={`import-tab-${kind}`}
        sx={{ pt: 1 }}
      >
        {kind === 'missing' ? (
          <FormControlLabel
            label="Mark missing assemblies removed"
            control={
              <Checkbox
                checked={inventoryImport.markMissingRemoved}
                disabled={busy}
                onChange={(event) => onMarkMissing(event.target.checked)}
              />
            }
          />
        ) : null}
        <ChangesTable
          // A new plan (another mapping, the inventory changed) starts at its first page.
          key={planVersion}
          importId={inventoryImport.id}
          kind={kind}
        />
      </Box>
    </Box>
  );
}
