import type { Meta, StoryObj } from '@storybook/react';
import * as Icons from './icons';

const meta: Meta = { title: 'Basics/Icons' };
export default meta;

export const All: StoryObj = {
  render: () => (
    <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 16, listStyle: 'none', padding: 0 }}>
      {Object.entries(Icons).map(([name, Icon]) => (
        <li key={name} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Icon />
          <span>{name}</span>
        </li>
      ))}
    </ul>
  ),
};

export const Labelled: StoryObj = {
  render: () => <Icons.WarningIcon size={32} label="Warning" />,
};
