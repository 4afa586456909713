import { Alert } from '@mui/material';
import { List, type ListProps } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';

interface Props extends ListProps {
  /** Shown in place of the list when it cannot be read (spec section 8). */
  failure?: string;
}

/**
 * A react-admin List as the console shows one: under the page's own heading, with no action bar
 * or export, and a failed read told in place of the list rather than in a notification.
 */
export function ConsoleList({ failure = MESSAGES.apiRequestError, ...props }: Props) {
  return (
    <List
      title={false}
      actions={false}
      exporter={false}
      queryOptions={{ onError: () => undefined }}
      error={<Alert severity="error">{failure}</Alert>}
      {...props}
    />
  );
}
