/** Normalises a relay URL so duplicates collapse (lower-case host, no trailing slash). */
export function normalizeRelayUrl(url: string): string | null {
  try {
    const u = new URL(url.trim());
    if (u.protocol !== 'wss:' && u.protocol !== 'ws:') return null;
    u.hash = '';
    const s = u.toString();
    return s.endsWith('/') && u.pathname === '/' ? s.slice(0, -1) : s;
  } catch {
    return null;
  }
}
