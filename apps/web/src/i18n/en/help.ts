/** English strings: the Help screen (only what works in this release). */
export const help = {
  lead: 'Swell is a client for Nostr, a decentralised social network. In this preview release you can browse freely, with or without signing in, and once signed in post, reply, like, repost, and send direct messages.',
  worksTitle: 'What you can do today',
  works: {
    feeds:
      'Read the home feeds and switch between them; newer notes wait behind a button at the top.',
    threads:
      'Open a thread to read a note with the notes it replies to and its replies, and see who liked, zapped, reposted or quoted it.',
    profiles:
      "Visit profiles: notes, replies, articles, media and zaps, and the profile's public key as a QR code.",
    reads:
      'Read long-form articles in Reads: pick a feed or a topic, and see tables, footnotes, highlights, top zaps and more from the same author.',
    explore:
      'Explore what is trending, popular, newest or most zapped among your follows, your tribe, your network or everyone; rising people, zaps, media and topics; and the network statistics live.',
    search:
      'Search notes and people from the search box, or build a precise query in Advanced search. Notes the cache does not have are fetched from their authors’ relays.',
    feedPages:
      'Try every feed the server offers, or a feed specification of your own, on the Feeds page.',
    signIn:
      'Sign in with your private key (nsec), optionally protected by a PIN on this device, with a browser extension, or with a remote signer (a bunker address or a QR code). Your feed and your likes, replies, reposts and zaps are then shown for you.',
    write:
      'Write a note, reply (in a window or under the thread), quote, like, repost, delete your own notes or broadcast one again. Attach pictures and video with the image button, by pasting or by dropping them: each uploads with its progress, and the note goes out once they are all done. A note says "Sending…" until a relay accepts it, and waits on this device, even across a reload, until one does.',
    zaps: 'Zap notes, articles and profiles: tap the zap button for your default zap, hold it (or use the note menu) to choose an amount and a message. Pay with a lightning browser extension, a wallet connected in Settings > Zaps (where you also set your default zap and presets) or your ecash wallet (Wallet in the menu), which also sends and redeems ecash tokens. Lightning invoices in notes can be paid from their card.',
    messages:
      'Send and read direct messages: your contacts are grouped into people you follow and others, and old (NIP-04) and new (NIP-17) messages share one conversation.',
    notifications:
      'See who liked, replied, reposted, quoted, mentioned or zapped you, grouped, in Notifications; the count in the navigation updates live.',
    themes: 'Pick one of four themes in Settings > Appearance.',
    network: 'Choose your relays and your caching service in Settings > Network.',
    profile: 'Change your name, about, picture and banner in Settings > Edit profile.',
    copy: "Copy a note's link, text, ID or raw event from its menu.",
  },
  searchTitle: 'Search queries',
  searchIntro: 'The search box and Advanced search understand these parts, in any order:',
  searchSyntax: {
    words: 'words: notes containing all of them',
    phrase: '"an exact phrase" in quotes',
    exclude: '-word: leaves out notes with that word',
    hashtag: '#hashtag: notes with that tag',
    from: 'from:npub1…: notes by that person',
    kind: 'kind:30023: articles instead of notes',
    dates: 'since:2026-01-31 and until:2026-02-28: a range of days (UTC)',
    scope: 'scope:myfollows or scope:mynetwork: only people you follow, or your network',
  },
  searchPaste:
    'Pasting an npub or nprofile opens that profile; a note1, nevent1 or naddr1 opens the note or article.',
  laterTitle: 'Not in this preview yet',
  later:
    'A live camera view for QR codes (Scan QR code reads a photo or a picture instead), buying Premium as a gift and editing your list of upload servers are not available yet.',
  keysTitle: 'Keyboard',
  keys: 'Tab moves between controls and Enter or Space uses them. Arrow keys move inside menus, tabs and lists of options, and Escape closes dialogs and menus.',
} as const;
