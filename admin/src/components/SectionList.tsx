import { Typography } from '@mui/material';
import type { ComponentProps } from 'react';
import { ConsoleList } from './ConsoleList';

interface Props extends Omit<ComponentProps<typeof ConsoleList>, 'empty'> {
  /** The sentence shown while there is nothing to list. */
  emptyText: string;
}

/**
 * A list that is one section of a page: 25 a page, its paging and filters kept out of the
 * address (a page holds several), a sentence when there is nothing yet.
 */
export function SectionList({ emptyText, ...props }: Props) {
  return (
    <ConsoleList
      perPage={25}
      disableSyncWithLocation
      empty={<Typography sx={{ my: 2 }}>{emptyText}</Typography>}
      {...props}
    />
  );
}
