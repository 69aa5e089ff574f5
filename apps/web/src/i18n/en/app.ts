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
  back: 'Back',
  close: 'Close',
} as const;
