/**
 * The origins under which this server is reached, from configuration only (SWELL_PUBLIC_URL and
 * the address it listens on), never from request headers. Used to recognise the server's own
 * relay (`broadcast_events`), its own URLs (served locally instead of fetched: the devnet's demo
 * media, uploaded files) and, for `/v1`, its own browser app.
 */
export class OwnOrigins {
  private readonly origins = new Set<string>();

  constructor(publicUrls: readonly string[] = []) {
    for (const u of publicUrls) this.add(u);
  }

  /** Adds the listening URL; a wildcard host also means this machine's loopback names. */
  addListening(url: string): void {
    const u = new URL(url);
    const port = u.port ? `:${u.port}` : '';
    if (u.hostname === '0.0.0.0' || u.hostname === '[::]') {
      for (const h of ['127.0.0.1', 'localhost', '[::1]']) this.add(`http://${h}${port}`);
    } else {
      this.add(u.origin);
      if (u.hostname === '127.0.0.1' || u.hostname === '[::1]') this.add(`http://localhost${port}`);
    }
  }

  private add(url: string): void {
    this.origins.add(new URL(url).origin);
  }

  /** The http(s) origin a URL points at (ws: counts as http:, wss: as https:). */
  private static originOf(url: URL): string | undefined {
    const scheme =
      url.protocol === 'ws:' ? 'http:' : url.protocol === 'wss:' ? 'https:' : url.protocol;
    if (scheme !== 'http:' && scheme !== 'https:') return undefined;
    const u = new URL(url.toString());
    u.protocol = scheme;
    return u.origin;
  }

  /** Whether a URL (http, https, ws or wss) points at this server. */
  has(url: URL): boolean {
    const origin = OwnOrigins.originOf(url);
    return origin !== undefined && this.origins.has(origin);
  }

  /** Whether a websocket URL is this server's own relay. */
  isOwnRelay(url: URL): boolean {
    return (
      (url.protocol === 'ws:' || url.protocol === 'wss:') &&
      this.has(url) &&
      url.pathname.replace(/\/+$/, '') === '/relay'
    );
  }

  /** Whether a browser origin (the Origin header) is this server's own app. */
  hasOrigin(origin: string): boolean {
    return this.origins.has(origin);
  }

  list(): string[] {
    return [...this.origins];
  }
}
