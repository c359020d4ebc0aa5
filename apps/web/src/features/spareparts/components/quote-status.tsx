import type { QuoteStatus } from '@portal/contract';
import { WorkflowStatus } from '@/lib/status-badge';

/** A quote's status: its colour always comes with its word. */
export function QuoteStatusLabel({ status }: { status: QuoteStatus }) {
  return <WorkflowStatus kind="quote" status={status} />;
}
