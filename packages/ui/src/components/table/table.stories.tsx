import type { Meta, StoryObj } from '@storybook/react';
import { Table } from './table';
import type { TableColumn } from './table-props';

interface Drum {
  serial: string;
  site: string;
  remaining: number;
}

const sites = ['Lyon', 'Nantes', 'Lille'];
const drums: Drum[] = Array.from({ length: 60 }, (_, index) => ({
  serial: `DR-${String(index + 1).padStart(4, '0')}`,
  site: sites[index % 3] ?? 'Lyon',
  remaining: (index * 37) % 1000,
}));

const columns: TableColumn<Drum>[] = [
  { id: 'serial', header: 'Serial', accessor: (drum) => drum.serial, isSortable: true },
  { id: 'site', header: 'Site', accessor: (drum) => drum.site, isSortable: true },
  {
    id: 'remaining',
    header: 'Remaining (m)',
    accessor: (drum) => drum.remaining,
    isSortable: true,
    align: 'end',
  },
];

const meta = {
  title: 'Data/Table',
  component: Table<Drum>,
  args: {
    label: 'Drums',
    columns,
    rows: drums.slice(0, 8),
    getRowId: (drum: Drum) => drum.serial,
  },
} satisfies Meta<typeof Table<Drum>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Sorted: Story = {
  args: { defaultSort: { columnId: 'remaining', direction: 'descending' } },
};
export const Paginated: Story = { args: { rows: drums, defaultPage: 2 } };
export const ManyPages: Story = {
  args: { rows: drums, defaultPageSize: 5, pageSizeOptions: [5, 25], defaultPage: 5 },
};
export const Empty: Story = { args: { rows: [] } };
export const Pending: Story = { args: { isPending: true } };
export const Selectable: Story = {
  args: { selectionMode: 'multiple', defaultSelectedKeys: ['DR-0002'] },
};
export const Cards: Story = {
  args: {
    renderCard: (drum: Drum) => (
      <p>
        {drum.serial} · {drum.site} · {drum.remaining} m
      </p>
    ),
  },
};
export const Virtualised: Story = {
  args: {
    rows: Array.from({ length: 2000 }, (_, index) => ({
      serial: `DR-${index + 1}`,
      site: 'Lyon',
      remaining: index,
    })),
    isPaginationDisabled: true,
  },
};
