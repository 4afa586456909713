import { CODES, MESSAGES } from '../../../../shared/codes.js';
import { LIMITS, UPLOAD_TYPES } from '../../../../shared/constants.js';
import { currentLanguage } from '../i18n/language.js';

/** The client's check before sending (spec sections 5 and 9); the server checks again. */
export function fileProblem(file: { name: string; size: number }): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(UPLOAD_TYPES as readonly string[]).includes(extension))
    return MESSAGES.fileTypeNotSupported;
  if (file.size > LIMITS.maxUploadBytes) return MESSAGES.fileTooLarge;
  return null;
}

export type TUploadResult =
  | { kind: 'uploaded'; link: string }
  | { kind: 'failed'; message: string }
  | { kind: 'unreachable' };

/**
 * POST /api/uploads/docUpload (multipart: file, orgHash; no credentials). XMLHttpRequest, not
 * fetch, because only it reports upload progress.
 */
export function uploadDocument(
  file: File,
  orgHash: string,
  onProgress: (percent: number) => void,
): Promise<TUploadResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/uploads/docUpload');
    request.withCredentials = false;
    request.responseType = 'text';
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('accept-language', currentLanguage());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = async () => {
      // The answer's shape is one of the shared rules, which come with the checks' code.
      const rules = await import('../../../../shared/registration.js').catch(() => null);
      if (!rules) {
        resolve({ kind: 'unreachable' });
        return;
      }
      try {
        const answer = rules.ZUploadAnswer.safeParse(JSON.parse(request.responseText));
        if (answer.success && answer.data.code === CODES.success) {
          resolve({ kind: 'uploaded', link: answer.data.message.url });
          return;
        }
      } catch {
        // Not JSON: a proxy's error page. Treated like any other failed upload.
      }
      resolve({ kind: 'failed', message: MESSAGES.uploadFailed });
    };
    request.onerror = () => resolve({ kind: 'unreachable' });
    request.ontimeout = () => resolve({ kind: 'unreachable' });
    const form = new FormData();
    form.append('orgHash', orgHash);
    form.append('file', file);
    request.send(form);
  });
}
