/** The author subscribe window (NIP-88 tiers): tiers, prices, subscribe and unsubscribe. */
export const subscribeModal = {
  title: 'Subscribe to {{name}}',
  subscribedTitle: 'Your subscription to {{name}}',
  none: 'No tiers you can pay were found.',
  price: '{{amount}} per {{period}}',
  cadence: {
    monthly: 'month',
    yearly: 'year',
    daily: 'day',
    weekly: 'week',
  },
  sats: '{{amount}} sats',
  usd: '${{amount}}',
  usdInSats: '${{amount}} (about {{sats}} sats)',
  noRate: 'The exchange rate is not available: dollar prices cannot be paid now.',
  perks: 'Perks',
  payWith: 'The first {{period}} is paid now with {{payer}}.',
  submit: 'Subscribe for {{amount}} sats',
  publishing: 'Sending the subscription…',
  paying: 'Paying the first period…',
  notSent: 'The subscription was not sent: no relay confirmed it. Nothing was paid.',
  paymentFailed:
    'The payment failed, so the subscription was withdrawn. Nothing was charged; try again or pick another wallet.',
  done: 'Subscribed to {{name}}',
  current: 'You subscribe to {{tier}} for {{price}}.',
  since: 'Since {{date}}',
  unsubscribe: 'Unsubscribe',
  confirmTitle: 'Unsubscribe from {{name}}?',
  confirmBody:
    'This publishes the end of your subscription. Periods already paid are not refunded.',
  unsubscribed: 'Unsubscribed from {{name}}',
  unsubscribeFailed: 'Could not unsubscribe: no relay confirmed it. Try again.',
};
