const reference = /(^|[^\w/[(])nostr:((?:npub|nprofile|note|nevent|naddr)1[02-9ac-hj-np-z]{6,})/g;

/**
 * Markdown with its `nostr:` references (NIP-21) written as links: profiles to `/p/…`, notes and
 * articles to `/e/…`, labelled by a shortened reference. References inside code stay as they are
 * (fenced blocks and inline code are skipped).
 */
export function linkNostrReferences(markdown: string): string {
  return markdown
    .split(/(```[\s\S]*?```|`[^`\n]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(reference, (_m, before: string, ref: string) => {
            const profile = ref.startsWith('npub') || ref.startsWith('nprofile');
            const label = `${profile ? '@' : ''}${ref.slice(0, 12)}…${ref.slice(-4)}`;
            return `${before}[${label}](${profile ? '/p/' : '/e/'}${ref})`;
          }),
    )
    .join('');
}
