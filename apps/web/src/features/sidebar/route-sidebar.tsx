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

/** The third column's content for the current route: a profile's extras, else trending. */
export default function RouteSidebar() {
  return (
    <WithSearch>
      <RouteSidebarContent />
    </WithSearch>
  );
}

function RouteSidebarContent() {
  const { sidebar, params } = useRouteMatch();
  const session = useSession();
  const vanity = lookupOf(useSnapshot(vanityLookup), params.vanityName);
  if (sidebar === 'reads') {
    return (
      <Suspense fallback={null}>
        <ReadsSidebar topic={params.topic ?? null} />
      </Suspense>
    );
  }
  if (sidebar === 'profile') {
    // A vanity name's owner once the name is looked up (nothing while it is; trending when it
    // is not registered).
    const named = params.vanityName !== undefined;
    if (named && !vanity) return null;
    const pubkey = named
      ? (vanity?.pubkey ?? undefined)
      : profilePubkey(params.npub, undefined, session.pubkey);
    if (pubkey) {
      return (
        <Suspense fallback={null}>
          <ProfileSidebar key={pubkey} pubkey={pubkey} userPubkey={session.pubkey} />
        </Suspense>
      );
    }
  }
  return (
    <Suspense fallback={null}>
      <HomeSidebar />
    </Suspense>
  );
}
