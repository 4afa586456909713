import { fieldId } from '../errors.js';
import type { TDocumentTarget } from '../state.js';
import { uploadDocument } from '../upload.js';
import { documentKey, useWizard } from '../wizard-context.js';
import { UploadControl } from './UploadControl.js';

/** The upload control bound to one certification or test kit of the wizard. */
export function DocumentUpload({
  target,
  path,
  label,
}: {
  target: TDocumentTarget;
  path: string;
  label: string;
}) {
  const { state, dispatch, files, hash, reportUnreachable } = useWizard();
  const key = documentKey(state, target) ?? path;
  const record =
    target.kind === 'kit'
      ? {
          name: state.testKits[target.kit]?.kitCalibDocName ?? '',
          link: state.testKits[target.kit]?.kitCalibDocLink ?? '',
        }
      : {
          name: state.testers[target.tester]?.userCerts[target.cert]?.certDocName ?? '',
          link: state.testers[target.tester]?.userCerts[target.cert]?.certDocLink ?? '',
        };
  return (
    <UploadControl
      id={fieldId(path)}
      label={label}
      file={files.get(key)}
      fileName={record.name}
      uploaded={Boolean(record.link)}
      error={state.errors.fields[path]}
      onChoose={(file) => {
        files.set(key, file);
        dispatch({ type: 'chooseFile', target, fileName: file.name });
      }}
      upload={(file, onProgress) => uploadDocument(file, hash, onProgress)}
      onUploaded={(link) => dispatch({ type: 'uploaded', target, link })}
      onUnreachable={reportUnreachable}
    />
  );
}
