/** Author subscriptions (NIP-88 paid tiers): the profile's Subscribe button. */
export const subscriptions = {
  subscribe: 'Subscribe',
  subscribed: 'Subscribed',
  subscribeHint: 'Support {{name}} with a paid subscription',
};
