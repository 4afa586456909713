import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';

/** A download shorter than this shows only the button's Loading...; a longer one its progress. */
export const PROGRESS_AFTER_MS = 1000;

/** 1,234,567 bytes → "1.2 MB". */
export function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface Props {
  /** Bytes of the file received so far. */
  received: number;
  onCancel(): void;
}

/**
 * What a long report download has brought so far, that it is still working, and Cancel. The
 * size changes too often to be announced; the progress bar carries it for assistive technology.
 */
export function DownloadProgress({ received, onCancel }: Props) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PROGRESS_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  const sofar =
    received > 0
      ? `Downloading the report: ${readableSize(received)} received so far.`
      : 'Preparing the report.';
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Typography role="status">Still working on the report…</Typography>
      <Typography aria-hidden="true" sx={{ mt: 0.5 }}>
        {sofar}
      </Typography>
      <LinearProgress sx={{ my: 1 }} aria-label="Report download" aria-valuetext={sofar} />
      <Button variant="outlined" onClick={onCancel}>
        Cancel Download
      </Button>
    </Box>
  );
}
