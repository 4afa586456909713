import { fieldId } from '../errors.js';
import { credentialsOf, type TDocumentTarget, type TWizardState } from '../state.js';
import { uploadDocument } from '../upload.js';
import { documentKey, useWizard } from '../wizard-context.js';
import { UploadControl } from './UploadControl.js';

/** The chosen file's name and the uploaded document's link of a target ('' for none). */
function documentOf(state: TWizardState, target: TDocumentTarget) {
  if (target.kind === 'kit') {
    const kit = state.testKits[target.kit];
    return { name: kit?.kitCalibDocName ?? '', link: kit?.kitCalibDocLink ?? '' };
  }
  if (target.kind === 'cert') {
    const cert = state.testers[target.tester]?.userCerts[target.cert];
    return { name: cert?.certDocName ?? '', link: cert?.certDocLink ?? '' };
  }
  const credential = credentialsOf(state, target.owner)[target.typeId];
  return { name: credential?.documentName ?? '', link: credential?.documentLink ?? '' };
}

/** The upload control bound to one certification, test kit or credential of the wizard. */
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
  const record = documentOf(state, target);
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
