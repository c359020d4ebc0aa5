import type { Meta, StoryObj } from '@storybook/react';
import { Typography, type TypographyVariant } from './typography';

const meta: Meta<typeof Typography> = { title: 'Basics/Typography', component: Typography };
export default meta;

const variants: TypographyVariant[] = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'subtitle1',
  'subtitle2',
  'body1',
  'body2',
  'caption',
  'overline',
];

export const Variants: StoryObj<typeof Typography> = {
  render: () => (
    <div>
      {variants.map((variant) => (
        <Typography key={variant} variant={variant}>
          {variant}: Cable drums on your sites
        </Typography>
      ))}
    </div>
  ),
};
export const Tones: StoryObj<typeof Typography> = {
  render: () => (
    <div>
      <Typography>Default</Typography>
      <Typography tone="muted">Muted</Typography>
      <Typography tone="error">Error</Typography>
    </div>
  ),
};
