import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { TCorrectionRecord } from '../../../shared/assembly-corrections';
import { NAMEPLATE_ROWS, nameplateValue } from './correctionWords';

/** The nameplate on file when the tester proposed, beside the one they found. */
export function CorrectionComparison() {
  const correction = useRecordContext<TCorrectionRecord>();
  if (!correction) return null;
  return (
    <Table size="small" aria-label="On file and found" sx={{ maxWidth: 640, my: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Field
          </TableCell>
          <TableCell component="th" scope="col">
            On file
          </TableCell>
          <TableCell component="th" scope="col">
            Found by the tester
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {NAMEPLATE_ROWS.map(({ field, label }) => {
          const changed = correction.onFile[field] !== correction.proposed[field];
          return (
            <TableRow key={field}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell>{nameplateValue(correction.onFile, field)}</TableCell>
              <TableCell sx={changed ? { fontWeight: 700 } : undefined}>
                {nameplateValue(correction.proposed, field)}
                {changed ? ' (changed)' : ''}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
