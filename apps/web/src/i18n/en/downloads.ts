/** English strings: the Downloads screen. */
export const downloads = {
  title: 'Nothing to install',
  body: 'Swell runs in your browser, on a computer or a phone. Mobile apps are not available in this preview release.',
  qr: 'Open Swell on your phone',
  releases: 'Releases',
  web: 'Web app',
  webVersion: 'Version {{version}}, served by this server',
  ios: 'iPhone and iPad',
  android: 'Android',
  released: 'Version {{version}}, released {{date}}',
  notYet: 'Version {{version}}, coming {{date}}',
  none: 'No app yet',
  get: 'Get it',
  loadFailed: 'The releases could not be loaded.',
} as const;
