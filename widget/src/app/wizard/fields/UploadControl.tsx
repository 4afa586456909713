import { useState } from 'react';
import { useI18n } from '../../i18n/use-i18n.js';
import { fileProblem, type TUploadResult } from '../upload.js';
import { ErrorMessage } from './ErrorMessage.js';

export interface TUploadControlProps {
  id: string;
  label: string;
  /** The chosen file, while this page has it (it is not kept across reloads). */
  file: File | undefined;
  /** The name of the chosen or uploaded file. */
  fileName: string;
  uploaded: boolean;
  /** A validation error from the step's check, shown like any field error. */
  error?: string;
  /** The wizard's documents are required; a replacement on the status page is not. */
  required?: boolean;
  onChoose(file: File): void;
  upload(file: File, onProgress: (percent: number) => void): Promise<TUploadResult>;
  onUploaded(link: string): void;
  onUnreachable(): void;
}

/** Document upload: Upload (only with a chosen, not yet uploaded file), Uploading..., Uploaded. */
export function UploadControl(props: TUploadControlProps) {
  const { id, label, file, fileName, uploaded, error, required = true } = props;
  const { t, formatNumber } = useI18n();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = progress !== null;
  const message = problem ?? error;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setProblem(fileProblem(chosen));
    props.onChoose(chosen);
  };

  const upload = async () => {
    if (!file || uploaded || uploading) return;
    setProgress(0);
    const result = await props.upload(file, setProgress);
    setProgress(null);
    if (result.kind === 'uploaded') props.onUploaded(result.link);
    else if (result.kind === 'failed') setProblem(result.message);
    else props.onUnreachable();
  };

  const canUpload = Boolean(file) && !uploaded && !uploading && !problem;
  const buttonText = uploaded
    ? t('upload.uploaded')
    : uploading
      ? t('upload.uploadingPercent', {
          percent: formatNumber((progress ?? 0) / 100, { style: 'percent' }),
        })
      : t('upload.upload');
  const describedBy = [`${id}-status`, message ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className={message ? 'field upload field-error' : 'field upload'}>
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
        {required ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <p className="hint" id={`${id}-status`}>
        {fileName
          ? t(uploaded ? 'upload.uploadedFile' : 'upload.chosenFile', { name: fileName })
          : t('upload.noFile')}{' '}
        {t('upload.accepted')}
      </p>
      <ErrorMessage id={`${id}-error`} message={message} />
      <div className="upload-row">
        <input
          id={id}
          type="file"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          aria-describedby={describedBy}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <button
          type="button"
          className="button"
          disabled={!canUpload}
          onClick={upload}
          aria-describedby={`${id}-status`}
        >
          {buttonText}
        </button>
      </div>
      {uploading ? (
        <progress
          className="upload-progress"
          max={100}
          value={progress}
          aria-label={t('upload.progress', { label })}
        />
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {uploaded ? t('upload.done', { label }) : uploading ? t('upload.uploading') : ''}
      </p>
    </div>
  );
}
