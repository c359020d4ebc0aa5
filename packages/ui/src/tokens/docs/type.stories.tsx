import type { Meta, StoryObj } from '@storybook/react';
import { typeTokens } from '../tokens';
import { TokenTable } from './token-table';

const meta: Meta = { title: 'Tokens/Type scale' };
export default meta;
type Story = StoryObj;

export const TypeScale: Story = {
  render: () => (
    <TokenTable
      caption="Type scale"
      tokens={typeTokens}
      sample={(token) =>
        token.name.startsWith('--font-size-') ? (
          <span style={{ fontSize: `var(${token.name})` }}>Drum 1042</span>
        ) : (
          <span style={{ fontFamily: 'var(--font-family)', lineHeight: 'var(--line-height)' }}>
            Drum 1042
          </span>
        )
      }
    />
  ),
};
