/** English strings: avatar. */
export const avatar = {
  default: 'Default avatar',
  open: 'Enlarge avatar of {{name}}',
  lightbox: 'Avatar of {{name}}',
} as const;
