export { Badge, formatBadgeValue, type BadgeProps } from './badge';
