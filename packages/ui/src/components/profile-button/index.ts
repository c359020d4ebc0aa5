export { ProfileButton, type ProfileButtonProps } from './profile-button';
