/** English strings: what the service worker shows for a push (with the notifications' strings). */
export const pushNotifications = {
  message_one: 'New message',
  message_other: '{{count}} new messages',
  messageFrom_one: 'New message from {{name}}',
  messageFrom_other: '{{count}} new messages from {{name}}',
  digest_one: '1 new notification',
  digest_other: '{{count}} new notifications',
  digestFrom: 'The latest from {{name}}',
  generic: 'You have new notifications on Swell',
};
