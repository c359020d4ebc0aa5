export { Typography, type TypographyProps, type TypographyVariant } from './typography';
