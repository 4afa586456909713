import { useEffect, useId, useRef } from 'react';
import { useFieldWords } from './words.js';

/**
 * Sign out asked for while finished reports wait on this device to be sent: a modal dialog (the
 * browser's own, so focus stays in it and Escape cancels) saying how many would be lost, with
 * Cancel first and focused, and Sign out anyway.
 */
export function SignOutWarning({
  waiting,
  busy,
  onCancel,
  onSignOut,
}: {
  waiting: number;
  busy: boolean;
  onCancel(): void;
  onSignOut(): void;
}) {
  const words = useFieldWords();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();

  useEffect(() => {
    const element = dialog.current;
    if (words.ready && element && !element.open) element.showModal();
  }, [words.ready]);

  if (!words.ready) return null;
  const { tf } = words;
  return (
    <dialog
      ref={dialog}
      className="sign-out-warning"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-text`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${ids}-title`}>{tf('testFormDevice.signOut.title')}</h2>
      <p id={`${ids}-text`}>{tf('testFormDevice.signOut.waiting', { count: waiting })}</p>
      <p>{tf('testFormDevice.signOut.sendFirst')}</p>
      <div className="actions-inline">
        {/* biome-ignore lint/a11y/noAutofocus: the dialog opened at the person's request; the choice that loses nothing takes focus */}
        <button type="button" className="button primary" autoFocus onClick={onCancel}>
          {tf('testFormDevice.signOut.cancel')}
        </button>
        <button
          type="button"
          className="button secondary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onSignOut();
          }}
        >
          {tf('testFormDevice.signOut.anyway')}
        </button>
      </div>
    </dialog>
  );
}
