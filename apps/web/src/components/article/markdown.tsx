import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { userDisplayName } from '@swell/nostr';
import { renderMarkdown } from '@/components/article/render-markdown.ts';
import { swell } from '@/data/client.ts';
import { fetchPage } from '@/data/connection.ts';
import { markHighlights, type HighlightMark } from '@/lib/mark-highlights.ts';
import { labelMentions, mentionedPubkeys } from '@/lib/mention-labels.ts';

/** The names of the people an article mentions, as the store knows them (asked for when not). */
function useMentionNames(pubkeys: readonly string[]): ReadonlyMap<string, string> {
  const store = swell().store;
  // A string snapshot: a re-render only when one of these names changes.
  const key = useSyncExternalStore(store.subscribe, () =>
    pubkeys.map((pk) => (store.user(pk) ? userDisplayName(store.profile(pk)!) : '')).join('\n'),
  );
  useEffect(() => {
    const missing = pubkeys.filter((pk) => !swell().store.user(pk)).slice(0, 100);
    if (missing.length > 0) fetchPage('user_infos', { pubkeys: missing }).catch(() => {});
  }, [pubkeys]);
  return useMemo(() => {
    const names = key.split('\n');
    return new Map(pubkeys.flatMap((pk, i) => (names[i] ? [[pk, names[i]] as const] : [])));
  }, [key, pubkeys]);
}

/**
 * Rendered markdown; people it mentions show by name, and the highlights (kind 9802) found in
 * its text are marked.
 */
export default function Markdown({
  source,
  highlights,
}: {
  source: string;
  highlights?: readonly HighlightMark[];
}) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  const mentioned = useMemo(() => mentionedPubkeys(source), [source]);
  const names = useMentionNames(mentioned);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.innerHTML = html;
    labelMentions(el, names);
    if (highlights?.length) markHighlights(el, highlights);
  }, [html, highlights, names]);
  return <div ref={ref} className="markdown" />;
}
