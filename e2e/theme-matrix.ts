import type AxeBuilder from '@axe-core/playwright';

/**
 * The axe rules whose answer can change with the theme. The themes
 * (apps/web/src/styles/themes.css) differ only in colours and in the logo's file (same size, same
 * empty alt), so every other rule sees the same page in every theme: contrast, and links told
 * apart from the text around them by colour.
 */
export const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/** For each size, the theme that runs every axe rule there. */
const FULL_THEME: Record<string, string> = { phone: 'sunrise', desktop: 'midnight' };

/**
 * The axe run of one theme at one size in a theme-by-size design test (issue 32: axe with every
 * rule was about 80 % of those tests, and 40 % of the browser suite's time). At each size one theme
 * runs every rule (phone: Sunrise, desktop: Midnight); the others run THEME_RULES, so every
 * theme at every size is still checked for contrast, and every size for every rule, while each
 * test still checks overflow and the console and takes its screenshots in every theme.
 * E2E_THEME_MATRIX=full runs every rule in every theme.
 */
export function themedAxe(builder: AxeBuilder, theme: string, size: string): AxeBuilder {
  const full = FULL_THEME[size];
  if (process.env.E2E_THEME_MATRIX === 'full' || full === undefined || full === theme)
    return builder;
  return builder.withRules(THEME_RULES);
}
