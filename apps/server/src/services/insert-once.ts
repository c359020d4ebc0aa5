import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import type { quoteRequests, refillRequests } from '../db/schema';

/** The tables of items a customer creates with an Idempotency-Key, unique per account. */
type IdempotentTable = typeof refillRequests | typeof quoteRequests;

/**
 * Inserts an item once per account and Idempotency-Key. A repeated key finds the first item
 * instead (a concurrent twin waits on the unique index, then finds it): `created` is false, and
 * the caller answers that item without doing its work again.
 */
export async function insertOnce<Table extends IdempotentTable>(
  tx: Transaction,
  table: Table,
  values: Table['$inferInsert'] & { accountId: string; idempotencyKey: string },
): Promise<{ id: string; number: number; created: boolean }> {
  // Drizzle cannot type an insert into a union of tables; the signature has already tied
  // `values` to the table the caller chose.
  const [inserted] = await tx
    .insert(table as IdempotentTable)
    .values(values as typeof refillRequests.$inferInsert & typeof quoteRequests.$inferInsert)
    .onConflictDoNothing({ target: [table.accountId, table.idempotencyKey] })
    .returning({ id: table.id, number: table.number });
  if (inserted) return { ...inserted, created: true };
  const [first] = await tx
    .select({ id: table.id, number: table.number })
    .from(table as IdempotentTable)
    .where(
      and(eq(table.accountId, values.accountId), eq(table.idempotencyKey, values.idempotencyKey)),
    );
  if (!first) throw new Error(`an item of Idempotency-Key ${values.idempotencyKey} vanished`);
  return { ...first, created: false };
}
