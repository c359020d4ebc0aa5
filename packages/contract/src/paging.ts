import { z } from 'zod';

/** No list answers more items at once than this, whatever the client asks. */
export const LIST_PAGE_SIZE_MAX = 200;
/** Deep pages of a list are read by offset up to here; past it, narrow the list instead. */
export const LIST_OFFSET_MAX = 10_000;

/**
 * The paging of a list endpoint: `limit` items (at most LIST_PAGE_SIZE_MAX, refused past it with
 * `field.page_too_large`) from `offset`. The answer's `nextOffset` is where the next page starts,
 * or null on the last one.
 */
export function pageQuery(defaultLimit: number) {
  return z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .default(defaultLimit)
      .refine((limit) => limit <= LIST_PAGE_SIZE_MAX, {
        params: { errorCode: 'field.page_too_large' },
      })
      // The refinement is invisible to JSON Schema: the documents state the same bound.
      .meta({ maximum: LIST_PAGE_SIZE_MAX }),
    offset: z.coerce.number().int().min(0).max(LIST_OFFSET_MAX).default(0),
  });
}
export type PageQuery = z.output<ReturnType<typeof pageQuery>>;

export const NextOffsetSchema = z.number().int().nullable();
