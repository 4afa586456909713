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

/** An upload's answer as it came: its status and body; null when none came. */
export type TUploadReply = { status: number; body: string } | null;

/**
 * POSTs a file as multipart/form-data (`fields` first, then `file`). XMLHttpRequest, not fetch,
 * because only it reports upload progress.
 */
export function sendFile(
  url: string,
  file: File,
  fields: Record<string, string>,
  onProgress: (percent: number) => void,
): Promise<TUploadReply> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.responseType = 'text';
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('accept-language', currentLanguage());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve({ status: request.status, body: request.responseText });
    request.onerror = () => resolve(null);
    request.ontimeout = () => resolve(null);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    request.send(form);
  });
}

/** POST /api/uploads/docUpload (multipart: orgHash, file). */
export async function uploadDocument(
  file: File,
  orgHash: string,
  onProgress: (percent: number) => void,
): Promise<TUploadResult> {
  const reply = await sendFile('/api/uploads/docUpload', file, { orgHash }, onProgress);
  if (!reply) return { kind: 'unreachable' };
  // The answer's shape is one of the shared rules, which come with the checks' code.
  const rules = await import('../../../../shared/registration.js').catch(() => null);
  if (!rules) return { kind: 'unreachable' };
  try {
    const answer = rules.ZUploadAnswer.safeParse(JSON.parse(reply.body));
    if (answer.success && answer.data.code === CODES.success) {
      return { kind: 'uploaded', link: answer.data.message.url };
    }
  } catch {
    // Not JSON: a proxy's error page. Treated like any other failed upload.
  }
  return { kind: 'failed', message: MESSAGES.uploadFailed };
}
