import { Box, Button, Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/**
 * The spec's pager ('Page X of Y', Previous Page, Next Page) over the list's server count. Pages
 * are addresses: `onPage` goes to one, and the list reads its page from there.
 */
export function FindUsersPagination({ onPage }: { onPage(page: number): void }) {
  const { page, perPage, total, isFetching } = useListContext();
  const finalPage = Math.max(1, Math.ceil((total ?? 0) / perPage));
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 1 }}>
      <Button disabled={page <= 1 || isFetching} onClick={() => onPage(page - 1)}>
        Previous Page
      </Button>
      <Typography aria-live="polite">
        Page {page} of {finalPage}
      </Typography>
      <Button disabled={page >= finalPage || isFetching} onClick={() => onPage(page + 1)}>
        Next Page
      </Button>
    </Box>
  );
}
