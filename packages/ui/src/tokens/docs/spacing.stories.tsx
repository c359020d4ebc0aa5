import type { Meta, StoryObj } from '@storybook/react';
import { sizeTokens, spacingTokens, type DesignToken } from '../tokens';
import { TokenTable } from './token-table';

const meta: Meta = { title: 'Tokens/Spacing and sizes' };
export default meta;
type Story = StoryObj;

const bar = (token: DesignToken) => (
  <span
    aria-hidden="true"
    style={{
      display: 'block',
      inlineSize: `var(${token.name})`,
      maxInlineSize: 240,
      blockSize: 'var(--space-sm)',
      background: 'var(--color-primary)',
    }}
  />
);

/** Margins, paddings and gaps take a step of this scale. */
export const Spacing: Story = {
  render: () => <TokenTable caption="Spacing scale" tokens={spacingTokens} sample={bar} />,
};

export const Sizes: Story = {
  render: () => <TokenTable caption="Widths and heights" tokens={sizeTokens} sample={bar} />,
};
