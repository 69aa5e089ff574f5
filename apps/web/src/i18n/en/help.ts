/** English strings: the Help screen (only what works in this release). */
export const help = {
  lead: 'Swell is a client for Nostr, a decentralised social network. This preview release is for reading: you can browse freely, with or without signing in.',
  worksTitle: 'What you can do today',
  works: {
    feeds:
      'Read the home feeds and switch between them; newer notes wait behind a button at the top.',
    threads:
      'Open a thread to read a note with the notes it replies to and its replies, and see who liked, zapped, reposted or quoted it.',
    profiles:
      "Visit profiles: notes, replies, articles, media and zaps, and the profile's public key as a QR code.",
    reads: 'Read long-form articles.',
    signIn:
      'Sign in with your private key (nsec), optionally protected by a PIN on this device, or with a browser extension. Your feed and your likes, replies, reposts and zaps are then shown for you.',
    themes: 'Pick one of four themes in Settings > Appearance.',
    network: 'Choose your relays and your caching service in Settings > Network.',
    copy: "Copy a note's link, text, ID or raw event from its menu.",
  },
  laterTitle: 'Not in this preview yet',
  later:
    'Posting, replying, liking, reposting, zapping, bookmarks, messages, notifications, search and the wallet are not available yet. Their buttons show a notice instead.',
  keysTitle: 'Keyboard',
  keys: 'Tab moves between controls and Enter or Space uses them. Arrow keys move inside menus, tabs and lists of options, and Escape closes dialogs and menus.',
} as const;
