import type { Meta, StoryObj } from '@storybook/react';
import { layerTokens, motionTokens } from '../tokens';
import { TokenTable } from './token-table';

const meta: Meta = { title: 'Tokens/Motion and layers' };
export default meta;
type Story = StoryObj;

/** Every duration is 0ms when the system asks for reduced motion. */
export const Motion: Story = {
  render: () => (
    <TokenTable
      caption="Motion"
      tokens={motionTokens}
      sample={(token) => (
        <span
          aria-hidden="true"
          style={{
            display: 'block',
            inlineSize: 'var(--space-xl)',
            blockSize: 'var(--space-xl)',
            borderRadius: 'var(--radius-sm)',
            background: 'var(--color-primary)',
            transition: `transform var(${token.name}) ease-out`,
          }}
        />
      )}
    />
  ),
};

/** The stacking order, lowest first. */
export const Layers: Story = {
  render: () => <TokenTable caption="Layers" tokens={layerTokens} sample={() => null} />,
};
