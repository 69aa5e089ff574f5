/** Main navigation, in the order of the spec. */
export const navItems = [
  { to: '/home', label: 'nav.home' },
  { to: '/reads', label: 'nav.reads' },
  { to: '/explore', label: 'nav.explore' },
  { to: '/dms', label: 'nav.messages' },
  { to: '/bookmarks', label: 'nav.bookmarks' },
  { to: '/notifications', label: 'nav.notifications' },
  { to: '/downloads', label: 'nav.downloads' },
  { to: '/premium', label: 'nav.premium' },
  { to: '/settings', label: 'nav.settings' },
  { to: '/help', label: 'nav.help' },
] as const;
