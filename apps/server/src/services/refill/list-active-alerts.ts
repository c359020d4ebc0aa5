import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alerts, drums } from '../../db/schema';

export async function listActiveAlerts(db: Database, accountId: string | null) {
  if (!accountId) return [];
  const rows = await db
    .select({
      id: alerts.id,
      drumId: alerts.drumId,
      serial: drums.serial,
      level: alerts.level,
      raisedAt: alerts.raisedAt,
    })
    .from(alerts)
    .innerJoin(drums, eq(drums.id, alerts.drumId))
    .where(and(eq(alerts.accountId, accountId), isNull(alerts.resolvedAt)))
    .orderBy(desc(alerts.raisedAt));
  return rows.map((row) => ({ ...row, raisedAt: row.raisedAt.toISOString() }));
}
