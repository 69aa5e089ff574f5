/** English strings: themes. */
export const themes = {
  sunset: 'Sunset wave',
  sunrise: 'Sunrise wave',
  midnight: 'Midnight wave',
  ice: 'Ice wave',
} as const;
