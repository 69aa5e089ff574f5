/** English strings: the Downloads screen. */
export const downloads = {
  title: 'Nothing to install',
  body: 'Swell runs in your browser, on a computer or a phone. Mobile apps are not available in this preview release.',
  qr: 'Open Swell on your phone',
} as const;
