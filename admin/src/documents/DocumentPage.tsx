import { Box } from '@mui/material';
import { useParams } from 'react-router';
import { PageHeading } from '../components/PageHeading';
import { DocumentViewer } from './DocumentViewer';

/**
 * /scadmin/documents/{id}: the address CSV reports and emails give for a document. Signed out,
 * the console asks for a sign-in first and then comes back here.
 */
export function DocumentPage() {
  const { id = '' } = useParams();
  return (
    <Box sx={{ pb: 4 }}>
      <PageHeading title="Document" />
      <DocumentViewer
        url={`/api/documents/${encodeURIComponent(id)}`}
        documentId={id}
        label="Document"
        height={800}
      />
    </Box>
  );
}
