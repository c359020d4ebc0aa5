import {
  SPARE_PART_BROWSE_MAX,
  SPARE_PART_SEARCH_MAX,
  isSearchable,
  sparePartPageSizes,
  sparePartSortColumns,
  type SparePartPageSize,
  type SparePartSort,
  type SparePartSortColumn,
} from '@portal/contract';

/** The catalogue's search, filters, sort and page, as kept in the URL (shareable, back/forward). */
export interface CatalogueParams {
  /** Trimmed search text; '' is no search. */
  search: string;
  category: string | null;
  equipment: string | null;
  /** `column` ascending, `-column` descending, null: the server's default order. */
  sort: SparePartSort | null;
  /** 1-based. */
  page: number;
  pageSize: SparePartPageSize;
}

/** The search parameters the catalogue owns; the screen's others (tab, part, quote) are kept. */
export const catalogueKeys = [
  'search',
  'category',
  'equipment',
  'sort',
  'page',
  'pageSize',
] as const;

export const DEFAULT_PAGE_SIZE: SparePartPageSize = 25;
/** The last page the API serves at a page size: pages end at the last counted match. */
export const lastBrowsablePage = (pageSize: SparePartPageSize) =>
  Math.floor(SPARE_PART_BROWSE_MAX / pageSize);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string | null | undefined): value is string =>
  typeof value === 'string' && UUID.test(value);

export function isSortColumn(value: string): value is SparePartSortColumn {
  return (sparePartSortColumns as readonly string[]).includes(value);
}

function parseSort(value: string | null): SparePartSort | null {
  if (!value) return null;
  const column = value.startsWith('-') ? value.slice(1) : value;
  return isSortColumn(column) ? (value as SparePartSort) : null;
}

function parsePageSize(value: string | null): SparePartPageSize {
  const size = Number(value);
  return (sparePartPageSizes as readonly number[]).includes(size)
    ? (size as SparePartPageSize)
    : DEFAULT_PAGE_SIZE;
}

function parsePage(value: string | null, pageSize: SparePartPageSize): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, lastBrowsablePage(pageSize)) : 1;
}

/**
 * Reads the catalogue state from search params. A hand-edited or stale URL never breaks the
 * screen: anything malformed falls back to "no filter", the default sort, page 1 or 25 a page.
 */
export function parseCatalogueParams(params: URLSearchParams): CatalogueParams {
  const category = params.get('category');
  const equipment = params.get('equipment');
  const pageSize = parsePageSize(params.get('pageSize'));
  return {
    search: (params.get('search') ?? '').trim().slice(0, SPARE_PART_SEARCH_MAX),
    category: isUuid(category) ? category : null,
    equipment: isUuid(equipment) ? equipment : null,
    sort: parseSort(params.get('sort')),
    page: parsePage(params.get('page'), pageSize),
    pageSize,
  };
}

/** Writes the state into `params`, leaving defaults out so a plain view has a plain URL. */
export function writeCatalogueParams(
  params: URLSearchParams,
  state: CatalogueParams,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of catalogueKeys) next.delete(key);
  if (state.search) next.set('search', state.search);
  if (state.category) next.set('category', state.category);
  if (state.equipment) next.set('equipment', state.equipment);
  if (state.sort) next.set('sort', state.sort);
  if (state.page > 1) next.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) next.set('pageSize', String(state.pageSize));
  return next;
}

/**
 * A change of what is listed (search, filter, sort, page size) starts again at page 1; only a
 * page change keeps the rest.
 */
export function changeCatalogue(
  current: CatalogueParams,
  change: Partial<CatalogueParams>,
): CatalogueParams {
  const next = { ...current, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}

export function hasSearchOrFilters(state: CatalogueParams): boolean {
  return Boolean(state.search || state.category || state.equipment);
}

/** GET /api/spareparts's query as the screen sends it (SparePartListQuerySchema). */
export interface CatalogueQuery {
  search?: string;
  category?: string;
  equipment?: string;
  sort?: SparePartSort;
  page: number;
  pageSize: SparePartPageSize;
  lang: 'fr' | 'en';
}

/**
 * The API query for the state, in the UI language (part of the cache key). A search without a
 * word of 3 letters or digits is not sent (the API refuses it): the list stays unsearched until
 * the text is long enough.
 */
export function toListQuery(state: CatalogueParams, lang: 'fr' | 'en'): CatalogueQuery {
  return {
    ...(isSearchable(state.search) ? { search: state.search } : {}),
    ...(state.category ? { category: state.category } : {}),
    ...(state.equipment ? { equipment: state.equipment } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    page: state.page,
    pageSize: state.pageSize,
    lang,
  };
}

/** The kit table's sort from the URL's `sort`. */
export function toTableSort(
  sort: SparePartSort | null,
): { columnId: SparePartSortColumn; direction: 'ascending' | 'descending' } | null {
  if (!sort) return null;
  return sort.startsWith('-')
    ? { columnId: sort.slice(1) as SparePartSortColumn, direction: 'descending' }
    : { columnId: sort as SparePartSortColumn, direction: 'ascending' };
}

/** The URL's `sort` from the kit table's sort (ascending → descending → none). */
export function fromTableSort(
  sort: { columnId: string; direction: 'ascending' | 'descending' } | null,
): SparePartSort | null {
  if (!sort || !isSortColumn(sort.columnId)) return null;
  return sort.direction === 'descending' ? `-${sort.columnId}` : sort.columnId;
}
