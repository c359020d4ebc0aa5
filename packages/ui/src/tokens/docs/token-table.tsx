import type { ReactNode } from 'react';
import type { DesignToken } from '../tokens';

interface TokenTableProps {
  /** What the table lists, read out as its caption. */
  caption: string;
  tokens: readonly DesignToken[];
  /** Draws the token at work: a bar as long as a space, a box with a radius. */
  sample: (token: DesignToken) => ReactNode;
}

const cell = {
  padding: 'var(--space-sm) var(--space-md)',
  textAlign: 'start',
  verticalAlign: 'middle',
} as const;

/** A token page of the kit's Storybook: each token's name, value, use and a sample of it. */
export function TokenTable({ caption, tokens, sample }: TokenTableProps) {
  return (
    <table
      style={{
        borderCollapse: 'collapse',
        fontFamily: 'var(--font-family)',
        fontSize: 'var(--font-size-body2)',
        color: 'var(--color-text)',
      }}
    >
      <caption style={{ ...cell, fontSize: 'var(--font-size-h4)', fontWeight: 700 }}>
        {caption}
      </caption>
      <thead>
        <tr style={{ borderBlockEnd: '1px solid var(--color-border)' }}>
          <th scope="col" style={cell}>
            Token
          </th>
          <th scope="col" style={cell}>
            Value
          </th>
          <th scope="col" style={cell}>
            Sample
          </th>
          <th scope="col" style={cell}>
            Use
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.name} style={{ borderBlockEnd: '1px solid var(--color-border)' }}>
            <th scope="row" style={cell}>
              <code>{token.name}</code>
            </th>
            <td style={cell}>
              <code>{token.value}</code>
            </td>
            <td style={cell}>{sample(token)}</td>
            <td style={cell}>{token.use}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
