import { Alert } from '@mui/material';
import { useEditContext, useShowContext } from 'react-admin';
import { MESSAGES } from '../../../shared/codes';
import { messageOf } from './api';
import { PageHeading } from './PageHeading';

/** Whether a failed call was answered 404: the record does not exist, or is not the person's. */
export const isNotFound = (error: unknown) => (error as { status?: unknown })?.status === 404;

/**
 * A read that failed: "Not found" with the server's words when the record does not exist (or
 * is another organization's, which the server answers alike), else the screen's own heading and
 * what went wrong.
 */
export function LoadFailure({ error, title }: { error: unknown; title: string }) {
  const notFound = isNotFound(error);
  return (
    <>
      <PageHeading title={notFound ? 'Not found' : title} />
      <Alert severity="error">
        {notFound ? messageOf(error, MESSAGES.notFound) : MESSAGES.apiRequestError}
      </Alert>
    </>
  );
}

/** An Edit's read that failed, as its `error` element: Not found, or what went wrong. */
export function EditLoadFailure({ title }: { title: string }) {
  const { error } = useEditContext();
  return <LoadFailure error={error} title={title} />;
}

/** A Show's read that failed, as its `error` element: Not found, or what went wrong. */
export function ShowLoadFailure({ title }: { title: string }) {
  const { error } = useShowContext();
  return <LoadFailure error={error} title={title} />;
}

/**
 * react-query's retry for a read: an answer the server gave (a 4xx: not found, not allowed) is
 * not tried again, so it is shown at once; a failure to reach it is tried up to three times.
 */
export function retryUnlessAnswered(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown })?.status;
  const answered = typeof status === 'number' && status >= 400 && status < 500;
  return !answered && failureCount < 3;
}
