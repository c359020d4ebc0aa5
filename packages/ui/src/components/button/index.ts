export { Button, IconButton, buttonLook, type ButtonProps, type IconButtonProps } from './button';
