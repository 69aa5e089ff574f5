import { Suspense, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useRouteMatch } from '@/app/route-match.ts';
import { lookupOf, vanityLookup } from '@/app/vanity.ts';
import { useSession } from '@/data/session.ts';
import { profilePubkey } from '@/features/profile/profile-target.ts';
import { useSnapshot } from '@/data/use-model.ts';

const HomeSidebar = lazy(() => import('@/features/sidebar/home-sidebar.tsx'));
const ProfileSidebar = lazy(() => import('@/features/profile/profile-sidebar.tsx'));
const ReadsSidebar = lazy(() => import('@/features/reads/reads-sidebar.tsx'));
const ThreadSidebar = lazy(() => import('@/features/sidebar/thread-sidebar.tsx'));
const ConversationsSidebar = lazy(() => import('@/features/messages/conversations-sidebar.tsx'));
const AboutLinks = lazy(() =>
  import('@/features/sidebar/home-sidebar.tsx').then((m) => ({ default: m.AboutLinks })),
);
const SearchBox = lazy(() => import('@/features/search/search-box.tsx'));

/** The search box on top of every sidebar. */
function WithSearch({ children }: { children: ReactNode }) {
  return (
    <>
      <Suspense fallback={null}>
        <SearchBox />
      </Suspense>
      {children}
    </>
  );
}

/**
 * The third column's content for the current route (`handle.sidebar`): what serves the screen
 * beside it, not the same trending list everywhere. Home: trending notes other than the feed on
 * screen, and topics; Reads: its authors, reads and topics; a profile: its extras; a thread or an
 * article: its author (and the writer's other articles, related reads); a conversation: the other
 * conversations. Elsewhere (settings, wallet, messages' list, ...) only the search box and the
 * about links.
 */
export default function RouteSidebar() {
  return (
    <WithSearch>
      <Suspense fallback={null}>
        <RouteSidebarContent />
      </Suspense>
    </WithSearch>
  );
}

function RouteSidebarContent() {
  const { sidebar, params } = useRouteMatch();
  const session = useSession();
  const vanity = lookupOf(useSnapshot(vanityLookup), params.vanityName);
  switch (sidebar) {
    case 'home':
      return <HomeSidebar />;
    case 'reads':
      return <ReadsSidebar topic={params.topic ?? null} />;
    case 'thread':
      if (params.vanityName !== undefined) {
        // An article at /:vanityName/:identifier, once the name is looked up.
        if (!vanity?.pubkey || params.identifier === undefined) return <AboutLinks />;
        return <ThreadSidebar author={vanity.pubkey} identifier={params.identifier} />;
      }
      return <ThreadSidebar id={params.id} />;
    case 'messages':
      return params.contact ? <ConversationsSidebar contact={params.contact} /> : <AboutLinks />;
    case 'profile': {
      // A vanity name's owner once the name is looked up (nothing while it is; the about links
      // when it is not registered).
      const named = params.vanityName !== undefined;
      if (named && !vanity) return null;
      const pubkey = named
        ? (vanity?.pubkey ?? undefined)
        : profilePubkey(params.npub, undefined, session.pubkey);
      if (pubkey) return <ProfileSidebar key={pubkey} pubkey={pubkey} />;
      return <AboutLinks />;
    }
    default:
      return <AboutLinks />;
  }
}
