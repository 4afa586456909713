import { useQueueSummary, waitingCount } from './useQueueSummary';

/** The Review Queue's sidebar label with how many registrations wait: "Review Queue (3)". */
export function ReviewQueueLabel({ label }: { label: string }) {
  const { waiting } = useQueueSummary();
  return <>{waiting === undefined ? label : `${label} (${waitingCount(waiting)})`}</>;
}
