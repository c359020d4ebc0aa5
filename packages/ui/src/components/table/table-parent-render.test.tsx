import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Table } from './table';
import type { TableColumn } from './table-props';

interface Row {
  id: string;
  name: string;
}
const source: Row[] = Array.from({ length: 40 }, (_, i) => ({ id: `r${i}`, name: `Row ${i}` }));

/** A parent that filters its rows and builds its columns inline, as screens do. */
function Screen({ onRender }: { onRender: () => void }) {
  onRender();
  const [picked, setPicked] = useState<string | null>(null);
  const rows = source.filter((row) => row.id !== 'none');
  const columns: TableColumn<Row>[] = [
    { id: 'name', header: 'Name', accessor: (row) => row.name },
    {
      id: 'action',
      header: 'Action',
      cell: (row) => (
        <button type="button" onClick={() => setPicked(row.id)}>
          Pick {row.name}
        </button>
      ),
    },
  ];
  return (
    <>
      <p>Picked: {picked ?? '-'}</p>
      <Table label="Rows" columns={columns} rows={rows} getRowId={(row) => row.id} />
    </>
  );
}

describe('a table whose parent re-renders with new row arrays', () => {
  it('settles after the parent changes state (no endless reset loop)', async () => {
    let renders = 0;
    const user = userEvent.setup();
    render(<Screen onRender={() => (renders += 1)} />);
    await user.click(screen.getByRole('button', { name: 'Pick Row 1' }));
    const settled = renders;
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByText('Picked: r1')).toBeInTheDocument();
    expect(renders - settled).toBe(0);
  });
});

describe('a table whose rows are read again', () => {
  const columns: TableColumn<Row>[] = [
    { id: 'name', header: 'Name', accessor: (row) => row.name },
    {
      id: 'action',
      header: 'Action',
      cell: (row) => <button type="button">Open {row.name}</button>,
    },
  ];
  const rowsOf = (...ids: number[]) => ids.map((id) => source[id]!);

  it('keeps the focus on the same row when it is taken out for a moment and comes back elsewhere', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <Table label="Rows" columns={columns} rows={rowsOf(1, 2, 3)} getRowId={(row) => row.id} />,
    );
    await user.click(screen.getByRole('button', { name: 'Open Row 3' }));
    rerender(
      <Table label="Rows" columns={columns} rows={rowsOf(1, 2)} getRowId={(row) => row.id} />,
    );
    rerender(
      <Table label="Rows" columns={columns} rows={rowsOf(3, 4, 1, 2)} getRowId={(row) => row.id} />,
    );
    expect(screen.getByRole('button', { name: 'Open Row 3' })).toHaveFocus();
  });
});
