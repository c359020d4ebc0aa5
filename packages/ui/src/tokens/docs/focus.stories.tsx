import type { Meta, StoryObj } from '@storybook/react';
import { focusTokens } from '../tokens';
import { TokenTable } from './token-table';

const meta: Meta = { title: 'Tokens/Focus ring' };
export default meta;
type Story = StoryObj;

/** Keyboard focus is always drawn with one of these: press Tab through the page to see them. */
export const FocusRing: Story = {
  render: () => (
    <TokenTable
      caption="Focus ring"
      tokens={focusTokens}
      sample={(token) => (
        <span
          aria-hidden="true"
          style={{
            display: 'block',
            inlineSize: 96,
            padding: 'var(--space-xs) var(--space-sm)',
            borderRadius: 'var(--radius-sm)',
            background: 'var(--color-background)',
            boxShadow: `var(${token.name})`,
          }}
        >
          Focused
        </span>
      )}
    />
  ),
};
