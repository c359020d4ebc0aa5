import type { Meta, StoryObj } from '@storybook/react';
import { contrastRatio, resolveColour } from '../contrast';
import { colorRoleTokens, paletteTokens, semanticColours, type DesignToken } from '../tokens';
import { DocTable, TokenTable, docCell, docRow } from './token-table';

const meta: Meta = { title: 'Tokens/Colours' };
export default meta;
type Story = StoryObj;

const swatch = (token: DesignToken) => (
  <span
    aria-hidden="true"
    style={{
      display: 'inline-block',
      inlineSize: 48,
      blockSize: 24,
      border: '1px solid var(--color-border)',
      borderRadius: 'var(--radius-sm)',
      background: `var(${token.name})`,
    }}
  />
);

/** What each colour means, and the contrast of every pair it is read in (AA asks 4.5:1). */
export const Semantic: Story = {
  render: () => (
    <DocTable
      caption="Semantic colours"
      columns={['Meaning', 'Text on background', 'Contrast', 'Use']}
    >
      {semanticColours.flatMap((colour) =>
        colour.pairs.map((pair, index) => {
          const ratio = contrastRatio(resolveColour(pair.text), resolveColour(pair.background));
          return (
            <tr key={`${pair.text} ${pair.background}`} style={docRow}>
              {index === 0 && (
                <th scope="rowgroup" rowSpan={colour.pairs.length} style={docCell}>
                  {colour.meaning}
                </th>
              )}
              <td style={docCell}>
                <span
                  style={{
                    display: 'inline-block',
                    padding: 'var(--space-xs) var(--space-sm)',
                    border: '1px solid var(--color-border)',
                    borderRadius: 'var(--radius-sm)',
                    color: `var(${pair.text})`,
                    background: `var(${pair.background})`,
                  }}
                >
                  <code>{pair.text}</code> on <code>{pair.background}</code>
                </span>
              </td>
              <td style={{ ...docCell, whiteSpace: 'nowrap' }}>
                {ratio.toFixed(1)}:1 {ratio >= 7 ? 'AAA' : 'AA'}
              </td>
              {index === 0 && (
                <td rowSpan={colour.pairs.length} style={docCell}>
                  {colour.use}
                </td>
              )}
            </tr>
          );
        }),
      )}
    </DocTable>
  ),
};

export const Roles: Story = {
  render: () => <TokenTable caption="Colour roles" tokens={colorRoleTokens} sample={swatch} />,
};

export const Palette: Story = {
  render: () => <TokenTable caption="Palettes" tokens={paletteTokens} sample={swatch} />,
};
