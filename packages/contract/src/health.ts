import { z } from 'zod';

export const HealthResponseSchema = z.object({
  /** `draining`: the instance is shutting down and wants no new traffic (503). */
  status: z.enum(['ok', 'degraded', 'draining']),
  database: z.enum(['ok', 'unreachable']),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
