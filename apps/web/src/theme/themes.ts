/** The four themes of the spec. `name` is also the value of `<html data-theme>`. */
export interface Theme {
  name: ThemeName;
  /** i18n key of the label shown in Settings > Appearance. */
  label: `themes.${ThemeName}`;
  /** URL of the theme's logo. */
  logo: string;
  dark: boolean;
}

export type ThemeName = 'sunset' | 'sunrise' | 'midnight' | 'ice';

export const themes: readonly Theme[] = [
  { name: 'sunset', label: 'themes.sunset', logo: '/logos/sunset.svg', dark: true },
  { name: 'sunrise', label: 'themes.sunrise', logo: '/logos/sunrise.svg', dark: false },
  { name: 'midnight', label: 'themes.midnight', logo: '/logos/midnight.svg', dark: true },
  { name: 'ice', label: 'themes.ice', logo: '/logos/ice.svg', dark: false },
];

export const defaultTheme: ThemeName = 'sunrise';

export function isThemeName(value: unknown): value is ThemeName {
  return themes.some((t) => t.name === value);
}

export function themeByName(name: ThemeName): Theme {
  return themes.find((t) => t.name === name) ?? themes[1]!;
}
