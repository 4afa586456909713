import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { MESSAGES } from '../../../../../shared/codes.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { fieldId } from '../../wizard/errors.js';
import { UploadControl } from '../../wizard/fields/UploadControl.js';
import type { TChangeFormProps } from './change.js';
import { uploadAccountDocument } from './changes-api.js';

/** The id of the open change's heading (one form is open at a time). */
export const CHANGE_TITLE_ID = 'account-change-title';

/**
 * A change's form beside what it changes: its heading takes focus when it opens; Send goes to
 * the server, which checks every field (never on blur); Cancel closes it.
 */
export function ChangeFrame({
  level,
  title,
  intro,
  sendLabel,
  props,
  onSend,
  children,
}: {
  /** Below an item's heading (h3) or a section's (h2). */
  level: 'h3' | 'h4';
  title: string;
  intro?: string;
  sendLabel: string;
  props: TChangeFormProps;
  onSend(): void;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    heading.current?.focus();
  }, []);
  const Heading = level;
  return (
    <section className="block change" aria-labelledby={CHANGE_TITLE_ID}>
      <Heading id={CHANGE_TITLE_ID} ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      {intro ? <p>{intro}</p> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSend();
        }}
      >
        {children}
        <div className="actions-inline">
          <button type="submit" className="button primary" aria-disabled={props.busy || undefined}>
            {props.busy ? t('account.sending') : sendLabel}
          </button>
          <button type="button" className="button secondary" onClick={props.cancel}>
            {t('account.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A document chosen and uploaded in a change: the file while the page has it, its reference. */
export interface TDocument {
  file?: File;
  name: string;
  link: string;
}
export const NO_DOCUMENT: TDocument = { name: '', link: '' };

/** The wizard's upload control, uploading as the signed-in person. */
export function DocumentField({
  path,
  label,
  document,
  onChange,
  props,
}: {
  path: string;
  label: string;
  document: TDocument;
  onChange(update: (current: TDocument) => TDocument): void;
  props: TChangeFormProps;
}) {
  return (
    <UploadControl
      id={fieldId(path)}
      label={label}
      file={document.file}
      fileName={document.name}
      uploaded={Boolean(document.link)}
      error={props.errors[path]}
      onChoose={(file) => onChange(() => ({ file, name: file.name, link: '' }))}
      upload={(file, onProgress) => uploadAccountDocument(file, onProgress, props.sessionEnded)}
      onUploaded={(link) => onChange((current) => ({ ...current, link }))}
      onUnreachable={() => props.problem(MESSAGES.serverUnreachable)}
    />
  );
}
