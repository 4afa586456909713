import { Typography } from '@mui/material';
import { Title } from 'react-admin';

/** The page's one h1, also shown as the app bar title. */
export function PageHeading({ title }: { title: string }) {
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 2 }}>
        {title}
      </Typography>
    </>
  );
}
