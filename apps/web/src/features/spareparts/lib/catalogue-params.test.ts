import { describe, expect, it } from 'vitest';
import {
  changeCatalogue,
  fromTableSort,
  parseCatalogueParams,
  toListQuery,
  toTableSort,
  writeCatalogueParams,
} from './catalogue-params';

const category = '3f1e0c52-5b4a-4d8e-9a51-1c2b3d4e5f60';

describe('catalogue URL state', () => {
  it('reads every parameter and writes the same URL back', () => {
    const params = new URLSearchParams(
      `search=bearing&category=${category}&sort=-unitPrice&page=3&pageSize=50&tab=x`,
    );
    const state = parseCatalogueParams(params);
    expect(state).toEqual({
      search: 'bearing',
      category,
      equipment: null,
      sort: '-unitPrice',
      page: 3,
      pageSize: 50,
    });
    // The screen's other parameters are kept.
    expect(writeCatalogueParams(params, state).toString()).toBe(
      `tab=x&search=bearing&category=${category}&sort=-unitPrice&page=3&pageSize=50`,
    );
  });

  it('falls back to defaults for anything malformed, and leaves defaults out of the URL', () => {
    const state = parseCatalogueParams(
      new URLSearchParams('category=1;drop&equipment=x&sort=-price&page=-2&pageSize=30'),
    );
    expect(state).toEqual({
      search: '',
      category: null,
      equipment: null,
      sort: null,
      page: 1,
      pageSize: 25,
    });
    expect(writeCatalogueParams(new URLSearchParams(), state).toString()).toBe('');
    // Pages end at the 1,000th match, as the API's do.
    expect(parseCatalogueParams(new URLSearchParams('page=9999999')).page).toBe(40);
    expect(parseCatalogueParams(new URLSearchParams('page=9999999&pageSize=100')).page).toBe(10);
    expect(
      parseCatalogueParams(new URLSearchParams(`search=${'a'.repeat(150)}`)).search,
    ).toHaveLength(100);
  });

  it('goes back to page 1 when what is listed changes, not when only the page does', () => {
    const state = parseCatalogueParams(new URLSearchParams('page=4&search=seal'));
    expect(changeCatalogue(state, { page: 5 }).page).toBe(5);
    expect(changeCatalogue(state, { sort: 'designation' }).page).toBe(1);
    expect(changeCatalogue(state, { pageSize: 100 }).page).toBe(1);
    expect(changeCatalogue(state, { search: 'seal 22' }).page).toBe(1);
  });

  it('maps the table sort cycle to the API sort and back', () => {
    expect(toTableSort('-availability')).toEqual({
      columnId: 'availability',
      direction: 'descending',
    });
    expect(fromTableSort({ columnId: 'partNumber', direction: 'ascending' })).toBe('partNumber');
    expect(fromTableSort({ columnId: 'unitPrice', direction: 'descending' })).toBe('-unitPrice');
    expect(fromTableSort(null)).toBeNull();
    expect(fromTableSort({ columnId: 'compatible', direction: 'ascending' })).toBeNull();
  });

  it('asks the API in the UI language, without empty parameters', () => {
    const state = parseCatalogueParams(new URLSearchParams('search=filtre'));
    expect(toListQuery(state, 'fr')).toEqual({
      search: 'filtre',
      page: 1,
      pageSize: 25,
      lang: 'fr',
    });
  });

  it('does not send a search without a word of 3 letters or digits (the API refuses it)', () => {
    const state = parseCatalogueParams(new URLSearchParams('search=ab'));
    expect(state.search).toBe('ab');
    expect(toListQuery(state, 'en')).not.toHaveProperty('search');
    expect(toListQuery({ ...state, search: 'ab cde' }, 'en')).toMatchObject({ search: 'ab cde' });
  });
});
