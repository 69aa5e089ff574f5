/** English strings: standalone pages (no main layout). */
export const standalone = {
  appDownloadQr: 'Swell on your phone',
  appDownloadQrBody:
    "Scan this code with your phone's camera to open Swell in its browser. There is no app to install.",
  qrLabel: 'QR code of {{url}}',
  terms: 'Terms of service',
  termsBody:
    'Swell is free software provided as is, without warranty. You are responsible for what you publish.',
  privacy: 'Privacy policy',
  privacyBody:
    'Swell stores your settings in your browser. Notes you publish are public and signed with your key.',
  support: 'Support',
  supportBody: 'Need help? Open an issue in the project repository.',
  backHome: 'Back to Swell',
} as const;
