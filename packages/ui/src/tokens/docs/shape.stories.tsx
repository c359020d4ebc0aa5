import type { Meta, StoryObj } from '@storybook/react';
import { radiusTokens, shadowTokens, type DesignToken } from '../tokens';
import { TokenTable } from './token-table';

const meta: Meta = { title: 'Tokens/Radii and shadows' };
export default meta;
type Story = StoryObj;

const box = {
  display: 'block',
  inlineSize: 64,
  blockSize: 32,
  background: 'var(--color-surface)',
} as const;

export const Radii: Story = {
  render: () => (
    <TokenTable
      caption="Radii"
      tokens={radiusTokens}
      sample={(token: DesignToken) => (
        <span
          aria-hidden="true"
          style={{
            ...box,
            border: '1px solid var(--color-border)',
            borderRadius: `var(${token.name})`,
          }}
        />
      )}
    />
  ),
};

export const Shadows: Story = {
  render: () => (
    <TokenTable
      caption="Shadows"
      tokens={shadowTokens}
      sample={(token: DesignToken) => (
        <span
          aria-hidden="true"
          style={{
            ...box,
            boxShadow:
              token.name === '--shadow-edge'
                ? `0 4px 8px -4px var(${token.name})`
                : `var(${token.name})`,
          }}
        />
      )}
    />
  ),
};
