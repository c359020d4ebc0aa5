import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getPageItems } from './pagination-items';
import { Table } from './table';
import { TABLE_ROW_HEIGHT, type TableColumn } from './table-props';

interface Item {
  id: string;
  name: string;
  size: number;
}

const items: Item[] = Array.from({ length: 60 }, (_, index) => ({
  id: `item-${index + 1}`,
  name: `Name ${String(index + 1).padStart(2, '0')}`,
  size: (index * 7) % 13,
}));

const columns: TableColumn<Item>[] = [
  { id: 'name', header: 'Name', accessor: (item) => item.name, isSortable: true },
  { id: 'size', header: 'Size', accessor: (item) => item.size, isSortable: true },
];

/** Makes the phone media query match, as on a 375 px screen. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('576px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  return { mockRestore: () => vi.unstubAllGlobals() };
}

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  if (!body) throw new Error('no tbody');
  return within(body).getAllByRole('row');
}

function firstCells() {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
}

describe('getPageItems', () => {
  it('shows every page when there are 7 or fewer', () => {
    expect(getPageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('uses ellipses beyond 7 pages', () => {
    expect(getPageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 20]);
    expect(getPageItems(10, 20)).toEqual([1, 'start-ellipsis', 9, 10, 11, 'end-ellipsis', 20]);
    expect(getPageItems(19, 20)).toEqual([1, 'start-ellipsis', 16, 17, 18, 19, 20]);
  });
});

describe('Table', { timeout: 20_000 }, () => {
  it('shows 25 rows per page by default with the range label', () => {
    render(<Table label="Items" columns={columns} rows={items} getRowId={(item) => item.id} />);
    expect(screen.getByRole('table', { name: 'Items' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
  });

  it("chooses the rows per page with the kit's dropdown, not a native select", async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Table label="Items" columns={columns} rows={items} getRowId={(item) => item.id} />,
    );
    expect(container.querySelector('select')).toBeNull();
    const pageSize = await screen.findByRole('combobox', { name: 'Rows per page 25' });
    await user.click(pageSize);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '25',
      '50',
      '100',
    ]);
  });

  it('cycles the sort ascending → descending → unsorted and sets aria-sort', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    render(
      <Table
        label="Items"
        columns={columns}
        rows={items.slice(0, 5)}
        getRowId={(item) => item.id}
        onSortChange={onSortChange}
      />,
    );
    const header = screen.getByRole('columnheader', { name: 'Size' });
    const button = within(header).getByRole('button', { name: 'Size' });
    expect(header).not.toHaveAttribute('aria-sort');

    await user.click(button);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'size', direction: 'ascending' });
    const ascending = bodyRows().map((row) =>
      Number(within(row).getAllByRole('cell')[1]?.textContent),
    );
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await user.click(button);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    const descending = bodyRows().map((row) =>
      Number(within(row).getAllByRole('cell')[1]?.textContent),
    );
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    await user.click(button);
    expect(header).not.toHaveAttribute('aria-sort');
    expect(onSortChange).toHaveBeenLastCalledWith(null);
    expect(firstCells()).toEqual(['Name 01', 'Name 02', 'Name 03', 'Name 04', 'Name 05']);
  });

  it('pages with the page buttons and changes the page size', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    render(
      <Table
        label="Items"
        columns={columns}
        rows={items}
        getRowId={(item) => item.id}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('51–60 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(firstCells()[0]).toBe('Name 26');

    await user.click(await screen.findByRole('combobox', { name: /^Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '50' }));
    expect(onPageSizeChange).toHaveBeenLastCalledWith(50);
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByText('1–50 of 60')).toBeInTheDocument();
  });

  it('shows an ellipsis when there are more than 7 pages', () => {
    render(
      <Table
        label="Items"
        columns={columns}
        rows={items}
        getRowId={(item) => item.id}
        defaultPageSize={5}
      />,
    );
    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pages.getAllByRole('button', { name: /^Page / })).toHaveLength(6);
    expect(pages.getByText('…')).toBeInTheDocument();
  });

  it('shows "No data" when empty, and takes translated labels', () => {
    const { rerender } = render(
      <Table label="Items" columns={columns} rows={[]} getRowId={(item) => item.id} />,
    );
    expect(screen.getByRole('cell', { name: 'No data' })).toBeInTheDocument();
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
    rerender(
      <Table
        label="Items"
        columns={columns}
        rows={[]}
        getRowId={(item) => item.id}
        labels={{
          noData: 'Aucune donnée',
          range: ({ from, to, count }) => `${from}-${to} sur ${count}`,
        }}
      />,
    );
    expect(screen.getByRole('cell', { name: 'Aucune donnée' })).toBeInTheDocument();
    expect(screen.getByText('0-0 sur 0')).toBeInTheDocument();
  });

  it('in server-side mode shows rows as given and reports sort and page changes', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const onPageChange = vi.fn();
    render(
      <Table
        label="Items"
        columns={columns}
        rows={items.slice(0, 3)}
        rowCount={300}
        page={1}
        onPageChange={onPageChange}
        sort={null}
        onSortChange={onSortChange}
        getRowId={(item) => item.id}
      />,
    );
    expect(bodyRows()).toHaveLength(3);
    expect(screen.getByText('1–25 of 300')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 12' }));
    expect(onPageChange).toHaveBeenLastCalledWith(12);
    // Controlled: the page does not move until the parent says so.
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'name', direction: 'ascending' });
    expect(firstCells()).toEqual(['Name 01', 'Name 02', 'Name 03']);
  });

  it('selects rows and all shown rows with checkboxes', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(
      <Table
        label="Items"
        columns={columns}
        rows={items.slice(0, 3)}
        getRowId={(item) => item.id}
        getRowLabel={(item) => item.name}
        selectionMode="multiple"
        onSelectionChange={onSelectionChange}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Name 02' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['item-2']);
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toHaveProperty(
      'indeterminate',
      true,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['item-2', 'item-1', 'item-3']);
    expect(bodyRows()[0]).toHaveAttribute('data-selected', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith([]);
  });

  it('marks the table busy while pending', () => {
    render(
      <Table label="Items" columns={columns} rows={[]} getRowId={(item) => item.id} isPending />,
    );
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('No data')).toBeNull();
  });

  it('renders only the visible rows of a long list (virtualised)', () => {
    // jsdom has no layout: give the scroll container a height so the virtualiser has a window.
    const clientHeight = vi
      .spyOn(HTMLElement.prototype, 'clientHeight', 'get')
      .mockReturnValue(TABLE_ROW_HEIGHT * 10);
    const many = Array.from({ length: 1000 }, (_, index) => ({
      id: `row-${index}`,
      name: `Row ${index}`,
      size: index,
    }));
    render(
      <Table
        label="Items"
        columns={columns}
        rows={many}
        getRowId={(item) => item.id}
        isPaginationDisabled
      />,
    );
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '1001');
    const shown = bodyRows();
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(100);
    expect(shown[0]).toHaveAttribute('aria-rowindex', '2');
    clientHeight.mockRestore();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('renders cards for phones with renderCard', () => {
    const phone = onPhone();
    render(
      <Table
        label="Items"
        columns={columns}
        rows={items.slice(0, 2)}
        getRowId={(item) => item.id}
        renderCard={(item) => <span>Card {item.name}</span>}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Items' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Card Name 01', 'Card Name 02']);
    phone.mockRestore();
  });

  it("on phones without renderCard, lists each row's fields under the column headers", async () => {
    const phone = onPhone();
    const onSelectionChange = vi.fn();
    render(
      <Table
        label="Items"
        columns={columns}
        rows={items.slice(0, 2)}
        getRowId={(item) => item.id}
        getRowLabel={(item) => item.name}
        selectionMode="multiple"
        onSelectionChange={onSelectionChange}
      />,
    );
    const [first] = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    if (!first) throw new Error('no card');
    expect(
      within(first)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Name', 'Size']);
    expect(
      within(first)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Name 01', '0']);
    await userEvent.click(within(first).getByRole('checkbox', { name: 'Select Name 01' }));
    expect(onSelectionChange).toHaveBeenCalledWith(['item-1']);
    phone.mockRestore();
  });

  it('cuts a truncated column to one line and keeps its full text in the title', () => {
    render(
      <Table
        label="Items"
        columns={[
          { id: 'name', header: 'Name', accessor: (item) => item.name, truncate: true },
          {
            id: 'size',
            header: 'Size',
            accessor: (item) => item.size,
            align: 'end',
            truncate: true,
            title: (item) => `Size ${item.size}`,
          },
        ]}
        rows={items.slice(0, 1)}
        getRowId={(item) => item.id}
      />,
    );
    const [name, size] = within(bodyRows()[0] as HTMLElement).getAllByRole('cell');
    expect(within(name as HTMLElement).getByText('Name 01')).toHaveAttribute('title', 'Name 01');
    expect(within(size as HTMLElement).getByText('0')).toHaveAttribute('title', 'Size 0');
    expect(size).toHaveAttribute('data-align', 'end');
  });

  it('makes a row header of the column that names the row', () => {
    render(
      <Table
        label="Items"
        columns={[
          { ...columns[0], isRowHeader: true } as TableColumn<Item>,
          columns[1] as TableColumn<Item>,
        ]}
        rows={items.slice(0, 2)}
        getRowId={(item) => item.id}
      />,
    );
    expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual([
      'Name 01',
      'Name 02',
    ]);
  });

  it('has no scrolling box of its own: the page scrolls and the header sticks to it', () => {
    render(<Table label="Items" columns={columns} rows={items} getRowId={(item) => item.id} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
  });

  it('builds only the cards with showsCardsOnly, and marks them busy while pending', () => {
    const { rerender } = render(
      <Table
        label="Items"
        columns={columns}
        rows={items.slice(0, 3)}
        getRowId={(item) => item.id}
        renderCard={(item) => <span>Card {item.name}</span>}
        showsCardsOnly
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Items' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    rerender(
      <Table
        label="Items"
        columns={columns}
        rows={items.slice(0, 3)}
        getRowId={(item) => item.id}
        renderCard={(item) => <span>Card {item.name}</span>}
        showsCardsOnly
        isPending
      />,
    );
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('keeps the table when showsCardsOnly has no card to show', () => {
    render(
      <Table
        label="Items"
        columns={columns}
        rows={items.slice(0, 2)}
        getRowId={(item) => item.id}
        showsCardsOnly
      />,
    );
    expect(screen.getByRole('table', { name: 'Items' })).toBeInTheDocument();
  });
});
