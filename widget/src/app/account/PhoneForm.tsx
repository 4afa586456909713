import { type FormEvent, useRef, useState } from 'react';
import { useI18n } from '../i18n/use-i18n.js';
import { TextField } from '../wizard/fields/Field.js';

/** The phone changed in place, in the record's section of the person. */
export function PhoneForm({
  phone,
  onChange,
  error,
  busy,
  onSave,
  onCancel,
}: {
  phone: string;
  onChange(phone: string): void;
  error: string | undefined;
  busy: boolean;
  onSave(event: FormEvent): void;
  onCancel(): void;
}) {
  const { t } = useI18n();
  return (
    <form noValidate onSubmit={onSave}>
      <TextField
        path="phone"
        label={t('account.phone')}
        type="tel"
        autoComplete="tel"
        value={phone}
        onChange={onChange}
        error={error}
      />
      <div className="actions-inline">
        <button type="submit" className="button primary" aria-disabled={busy || undefined}>
          {t('account.savePhone')}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Runs one call at a time: another asked for meanwhile answers undefined. */
export function useOneCallAtATime() {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const call = async <T,>(run: () => Promise<T>): Promise<T | undefined> => {
    if (busyRef.current) return undefined;
    busyRef.current = true;
    setBusy(true);
    try {
      return await run();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };
  return { busy, call };
}
