import DownloadIcon from '@mui/icons-material/Download';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { Alert, Box, Button, ButtonGroup, CircularProgress, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../shared/codes';
import { messageOf, useStaffApi } from '../components/api';
import { useConsolePath } from '../components/paths';
import { saveFile } from '../components/saveFile';
import type { DownloadedFile } from '../providers/httpClient';

/** The console's own address of a document: it signs in if needed, then shows the document. */
export const documentPagePath = (documentId: string) => `/documents/${documentId}`;

const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3];

interface Loaded {
  file: DownloadedFile;
  url: string;
}

/**
 * Fetches a document with the staff token and shows it: a PDF in the browser's own viewer, an
 * image scaled to fit with zoom; a download beside it. The bytes never get an address that
 * works without signing in (an object URL lives only in this page).
 */
function useDocument(apiUrl: string) {
  const api = useStaffApi();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    let current = true;
    let objectUrl = '';
    setLoaded(null);
    setFailure('');
    api.downloadDocument(apiUrl).then(
      (file) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(file.blob);
        setLoaded({ file, url: objectUrl });
      },
      (error) => current && setFailure(messageOf(error, MESSAGES.apiRequestError)),
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, apiUrl]);
  return { loaded, failure };
}

function ImageView({ url, label }: { url: string; label: string }) {
  const [step, setStep] = useState<number | null>(null);
  const zoom = step === null ? null : (ZOOM_STEPS[step] ?? 1);
  const zoomBy = (delta: number) =>
    setStep((current) =>
      Math.min(ZOOM_STEPS.length - 1, Math.max(0, (current ?? ZOOM_STEPS.indexOf(1)) + delta)),
    );
  return (
    <>
      <ButtonGroup size="small" aria-label={`Zoom ${label}`} sx={{ mb: 1 }}>
        <Button onClick={() => zoomBy(-1)} startIcon={<ZoomOutIcon />} disabled={step === 0}>
          Zoom Out
        </Button>
        <Button onClick={() => setStep(null)} aria-pressed={zoom === null}>
          Fit
        </Button>
        <Button
          onClick={() => zoomBy(1)}
          startIcon={<ZoomInIcon />}
          disabled={step === ZOOM_STEPS.length - 1}
        >
          Zoom In
        </Button>
      </ButtonGroup>
      <Typography variant="caption" component="p" aria-live="polite">
        {zoom === null ? 'Scaled to fit' : `${Math.round(zoom * 100)}%`}
      </Typography>
      <Box
        sx={{ overflow: 'auto', maxHeight: 640, border: 1, borderColor: 'divider' }}
        tabIndex={0}
        role="region"
        aria-label={`${label} image`}
      >
        <Box
          component="img"
          src={url}
          alt={label}
          sx={
            zoom === null
              ? { display: 'block', maxWidth: '100%', maxHeight: 620, mx: 'auto' }
              : { display: 'block', width: `${zoom * 100}%`, maxWidth: 'none' }
          }
        />
      </Box>
    </>
  );
}

interface Props {
  /** The staff API path (/api/documents/{id}). */
  url: string;
  documentId: string;
  /** What the document is, for its frame's title and the image's text alternative. */
  label: string;
  height?: number;
}

export function DocumentViewer({ url, documentId, label, height = 640 }: Props) {
  const { loaded, failure } = useDocument(url);
  const consolePath = useConsolePath();
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!loaded) {
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 2 }} role="status">
        <CircularProgress size={20} aria-hidden="true" />
        <Typography>Loading document...</Typography>
      </Box>
    );
  }
  const type = loaded.file.blob.type;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => saveFile(loaded.file.blob, loaded.file.filename)}
        >
          Download
        </Button>
        <Button
          size="small"
          startIcon={<OpenInNewIcon />}
          component={Link}
          href={consolePath(documentPagePath(documentId))}
          target="_blank"
          rel="noopener"
        >
          Open in a New Tab
        </Button>
      </Box>
      {type === 'application/pdf' ? (
        <Box
          component="iframe"
          src={loaded.url}
          title={`${label} (PDF)`}
          sx={{ width: '100%', height, border: 1, borderColor: 'divider' }}
        />
      ) : type.startsWith('image/') ? (
        <ImageView url={loaded.url} label={label} />
      ) : (
        <Typography>This document cannot be shown here; download it to open it.</Typography>
      )}
    </Box>
  );
}
