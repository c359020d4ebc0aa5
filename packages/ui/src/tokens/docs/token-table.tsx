import type { ReactNode } from 'react';
import type { DesignToken } from '../tokens';

export const docCell = {
  padding: 'var(--space-sm) var(--space-md)',
  textAlign: 'start',
  verticalAlign: 'middle',
} as const;

export const docRow = { borderBlockEnd: '1px solid var(--color-border)' } as const;

interface DocTableProps {
  /** What the table lists, read out as its caption. */
  caption: string;
  /** The column headers. */
  columns: readonly string[];
  /** The rows. */
  children: ReactNode;
}

/** A table of a token page in the kit's Storybook. */
export function DocTable({ caption, columns, children }: DocTableProps) {
  return (
    <table
      style={{
        borderCollapse: 'collapse',
        fontFamily: 'var(--font-family)',
        fontSize: 'var(--font-size-body2)',
        color: 'var(--color-text)',
      }}
    >
      <caption style={{ ...docCell, fontSize: 'var(--font-size-h4)', fontWeight: 700 }}>
        {caption}
      </caption>
      <thead>
        <tr style={docRow}>
          {columns.map((column) => (
            <th key={column} scope="col" style={docCell}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

interface TokenTableProps {
  /** What the table lists, read out as its caption. */
  caption: string;
  tokens: readonly DesignToken[];
  /** Draws the token at work: a bar as long as a space, a box with a radius. */
  sample: (token: DesignToken) => ReactNode;
}

/** A token page: each token's name, value, use and a sample of it. */
export function TokenTable({ caption, tokens, sample }: TokenTableProps) {
  return (
    <DocTable caption={caption} columns={['Token', 'Value', 'Sample', 'Use']}>
      {tokens.map((token) => (
        <tr key={token.name} style={docRow}>
          <th scope="row" style={docCell}>
            <code>{token.name}</code>
          </th>
          <td style={docCell}>
            <code>{token.value}</code>
          </td>
          <td style={docCell}>{sample(token)}</td>
          <td style={docCell}>{token.use}</td>
        </tr>
      ))}
    </DocTable>
  );
}
