/** English strings: app. */
export const app = {
  name: 'Swell',
  skipToContent: 'Skip to content',
  loading: 'Loading…',
  notImplemented:
    'Feature not available in this preview release. Rest assured, we are working on it. Come back soon!',
  error: 'Something went wrong.',
  errorTitle: 'Something went wrong',
  errorBody: 'This screen could not be shown. Reloading usually helps.',
  homeLink: 'Swell home',
  comingSoon: 'Coming soon',
  whatWorks: 'What works today',
  retry: 'Try again',
  /** A part of the app whose code could not be fetched (spec: "not connected yet, retry"). */
  offlineTitle: 'Not connected yet',
  offlineScreen: 'This screen loads when the connection returns.',
  offlinePart: 'Not connected yet. Part of the app loads when the connection returns.',
  back: 'Back',
  close: 'Close',
  /** Past times, as relativeTime (lib/format.ts) writes them. */
  ago: {
    now: 'now',
    second_one: '{{count}} second ago',
    second_other: '{{count}} seconds ago',
    minute_one: '{{count}} minute ago',
    minute_other: '{{count}} minutes ago',
    hour_one: '{{count}} hour ago',
    hour_other: '{{count}} hours ago',
    day_one: '{{count}} day ago',
    day_other: '{{count}} days ago',
    month_one: '{{count}} month ago',
    month_other: '{{count}} months ago',
    year_one: '{{count}} year ago',
    year_other: '{{count}} years ago',
  },
} as const;
