// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../../../shared/codes.js';
import type { TUploadResult } from '../upload.js';
import { UploadControl } from './UploadControl.js';

afterEach(cleanup);

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

/** The control with the wizard's part (file and link) kept in local state. */
function Harness({
  upload,
  onUnreachable = () => {},
}: {
  upload: (file: File, onProgress: (p: number) => void) => Promise<TUploadResult>;
  onUnreachable?: () => void;
}) {
  const [file, setFile] = useState<File>();
  const [link, setLink] = useState('');
  return (
    <UploadControl
      id="doc"
      label="Certification Document"
      file={file}
      fileName={file?.name ?? ''}
      uploaded={Boolean(link)}
      onChoose={(chosen) => {
        setFile(chosen);
        setLink('');
      }}
      upload={upload}
      onUploaded={setLink}
      onUnreachable={onUnreachable}
    />
  );
}

const pdf = (name = 'cert.pdf', size = 1000) => {
  const file = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('document upload control', () => {
  it('keeps Upload disabled until a file is chosen', () => {
    render(<Harness upload={vi.fn()} />);
    expect(isDisabled(screen.getByRole('button', { name: 'Upload' }))).toBe(true);
  });

  it('goes Upload → Uploading... n% → Uploaded, and a new file enables Upload again', async () => {
    const user = userEvent.setup();
    let finish: (result: TUploadResult) => void = () => {};
    let progress: (percent: number) => void = () => {};
    const upload = vi.fn((_file: File, onProgress: (p: number) => void) => {
      progress = onProgress;
      return new Promise<TUploadResult>((resolve) => {
        finish = resolve;
      });
    });
    render(<Harness upload={upload} />);
    await user.upload(screen.getByLabelText(/Certification Document/), pdf());
    const button = screen.getByRole('button', { name: 'Upload' });
    expect(isDisabled(button)).toBe(false);
    await user.click(button);
    expect(isDisabled(screen.getByRole('button', { name: 'Uploading... 0%' }))).toBe(true);
    act(() => progress(45));
    expect(isDisabled(screen.getByRole('button', { name: 'Uploading... 45%' }))).toBe(true);
    await act(async () => finish({ kind: 'uploaded', link: 'abc' }));
    expect(isDisabled(screen.getByRole('button', { name: 'Uploaded' }))).toBe(true);
    expect(upload).toHaveBeenCalledTimes(1);

    await user.upload(screen.getByLabelText(/Certification Document/), pdf('other.pdf'));
    expect(isDisabled(screen.getByRole('button', { name: 'Upload' }))).toBe(false);
  });

  it('refuses files over 10,000,000 bytes and unsupported types before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const upload = vi.fn();
    render(<Harness upload={upload} />);
    const input = screen.getByLabelText(/Certification Document/);
    await user.upload(input, pdf('big.pdf', 10_000_001));
    expect(screen.getByText(MESSAGES.fileTooLarge)).toBeTruthy();
    expect(isDisabled(screen.getByRole('button', { name: 'Upload' }))).toBe(true);
    await user.upload(input, pdf('notes.docx'));
    expect(screen.getByText(MESSAGES.fileTypeNotSupported)).toBeTruthy();
    await user.upload(input, pdf('exactly.PDF', 10_000_000));
    expect(screen.queryByText(MESSAGES.fileTypeNotSupported)).toBeNull();
    expect(isDisabled(screen.getByRole('button', { name: 'Upload' }))).toBe(false);
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows the spec message when the upload fails, and reports a network failure', async () => {
    const user = userEvent.setup();
    const onUnreachable = vi.fn();
    const upload = vi
      .fn<(file: File) => Promise<TUploadResult>>()
      .mockResolvedValueOnce({ kind: 'failed', message: MESSAGES.uploadFailed })
      .mockResolvedValueOnce({ kind: 'unreachable' });
    render(<Harness upload={upload} onUnreachable={onUnreachable} />);
    await user.upload(screen.getByLabelText(/Certification Document/), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(MESSAGES.uploadFailed)).toBeTruthy();
    await user.upload(screen.getByLabelText(/Certification Document/), pdf('again.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(onUnreachable).toHaveBeenCalledTimes(1);
  });
});
