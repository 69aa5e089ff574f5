import { lazy, Suspense, type ReactNode } from 'react';
import { useMatches } from 'react-router';
import type { VanityTarget } from '@/app/vanity.ts';
import { useSession } from '@/data/session.ts';
import { profilePubkey } from '@/features/profile/profile-target.ts';

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
  const matches = useMatches();
  const session = useSession();
  const match = matches.at(-1);
  const kind = (match?.handle as { sidebar?: string } | undefined)?.sidebar;
  if (kind === 'reads') {
    return (
      <Suspense fallback={null}>
        <ReadsSidebar topic={match?.params.topic ?? null} />
      </Suspense>
    );
  }
  if (kind === 'profile') {
    const pubkey = profilePubkey(
      match?.params.npub,
      match?.loaderData as VanityTarget | undefined,
      session.pubkey,
    );
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
