import { i18n } from '@/i18n/index.ts';

/**
 * Adds the strings of a lazily loaded screen or dialog to the app's strings, merged deeply into
 * the one tree, so keys stay `premium.title`. Called once, at the top of the module that is
 * loaded lazily (a route's screen, a dialog behind `lazy()`), before it can render:
 * `addStrings({ premium })`. The strings then load with that module's chunk, not at start.
 * test/lazy-strings.test.ts checks that every module's strings are registered on every way in.
 */
export function addStrings(strings: Record<string, object>): void {
  i18n.add(strings);
}
