import { Chip } from '@mui/material';
import { STANDING_LABELS, type TStanding } from '../../../shared/standing';

const CHIP_COLORS: Record<TStanding, 'success' | 'error' | 'default'> = {
  active: 'success',
  suspended: 'error',
  lapsed: 'default',
};

/** A registration's standing (Active, Suspended, Lapsed) as a chip, wherever it is listed. */
export function StandingChip({ standing }: { standing: TStanding }) {
  return <Chip size="small" color={CHIP_COLORS[standing]} label={STANDING_LABELS[standing]} />;
}
