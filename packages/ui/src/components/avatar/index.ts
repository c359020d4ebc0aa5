export { Avatar, formatDisplayName, getInitials, type AvatarProps } from './avatar';
