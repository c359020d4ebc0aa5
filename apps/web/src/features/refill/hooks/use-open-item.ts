import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The item of a list whose panel is open, named in the URL by `param` so it can be linked to and
 * survives a reload. Back from the panel, focus returns to the button that opened it (marked
 * `data-open-item` with the item's id); an item older than the pages read so far makes the list
 * read on until it is found (`isLookingFurther` meanwhile).
 */
export function useOpenItem(
  param: string,
  query: {
    isSuccess: boolean;
    data?: ReadonlyArray<{ id: string }> | undefined;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  },
) {
  const [params, setParams] = useSearchParams();
  const openId = params.get(param);
  const setOpenId = (id: string | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (id) updated.set(param, id);
      else updated.delete(param);
      return updated;
    });

  const lastOpenId = useRef(openId);
  useEffect(() => {
    const previous = lastOpenId.current;
    lastOpenId.current = openId;
    if (previous && !openId) {
      document.querySelector<HTMLElement>(`[data-open-item="${CSS.escape(previous)}"]`)?.focus();
    }
  }, [openId, query.isSuccess]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const isLookingFurther =
    Boolean(openId) && hasNextPage && !query.data?.some((item) => item.id === openId);
  useEffect(() => {
    if (isLookingFurther && !isFetchingNextPage) void fetchNextPage();
  }, [isLookingFurther, isFetchingNextPage, fetchNextPage]);

  return { openId, setOpenId, isLookingFurther };
}
