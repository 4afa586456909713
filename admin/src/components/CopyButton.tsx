import { Button } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../shared/constants';

/** Copies a text; the label reads 'Copied!' for 2.5 s afterwards (spec section 9). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard refused (insecure context): the text stays selectable on screen.
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), TIMINGS.copyConfirmationMs);
  };

  return (
    <Button variant="outlined" onClick={copy} aria-live="polite">
      {copied ? 'Copied!' : label}
    </Button>
  );
}
