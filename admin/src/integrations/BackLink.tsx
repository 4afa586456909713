import { Link } from '@mui/material';
import { LinkBase } from 'react-admin';
import { useConsolePath } from '../components/paths';

/** A link up to the screen this page belongs to. */
export function BackLink({ to, label }: { to: string; label: string }) {
  const consolePath = useConsolePath();
  return (
    <Link component={LinkBase} to={consolePath(to)} sx={{ display: 'inline-block', mt: 2 }}>
      {label}
    </Link>
  );
}
