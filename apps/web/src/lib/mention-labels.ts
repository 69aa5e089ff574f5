import { pubkeyFromNip19 } from '@swell/nostr';

const reference = /nostr:((?:npub|nprofile)1[02-9ac-hj-np-z]{6,})/g;

/** The public keys an article's markdown mentions (`nostr:npub…` and `nostr:nprofile…`). */
export function mentionedPubkeys(markdown: string): string[] {
  const found = new Set<string>();
  for (const m of markdown.matchAll(reference)) {
    const pk = pubkeyFromNip19(m[1]!);
    if (pk) found.add(pk);
  }
  return [...found];
}

/**
 * Writes the names of mentioned people into an article's profile links (`/p/npub…`, labelled
 * with a shortened npub until then): `@Name` instead of `@npub17k9j…z8xd`. Links the writer
 * labelled themselves keep their text.
 */
export function labelMentions(root: ParentNode, names: ReadonlyMap<string, string>): void {
  for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href^="/p/"]')) {
    if (!/^@(npub|nprofile)1/.test(a.textContent ?? '')) continue;
    const pk = pubkeyFromNip19(a.getAttribute('href')!.slice(3));
    const name = pk ? names.get(pk) : undefined;
    if (name) a.textContent = `@${name}`;
  }
}
