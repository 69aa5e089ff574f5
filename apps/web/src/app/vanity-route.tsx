import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { RouteLoading } from '@/app/route-loading.tsx';
import { lookupOf, resolveVanityName, vanityLookup, type VanityTarget } from '@/app/vanity.ts';
import { NotFound } from '@/components/not-found.tsx';
import { useSnapshot } from '@/data/use-model.ts';

const VanityContext = createContext<VanityTarget | undefined>(undefined);

/** The vanity route's target (`/:vanityName`, `/:vanityName/:identifier`); else undefined. */
export function useVanityTarget(): VanityTarget | undefined {
  return useContext(VanityContext);
}

/**
 * `/:vanityName` and `/:vanityName/:identifier`: looks the name up in the server's
 * `/.well-known/nostr.json` (again on every visit; a change of name or leaving the route aborts
 * it), shows the loading rows meanwhile, then the screen with its owner, or NotFound.
 */
export function VanityRoute({ children }: { children: ReactNode }) {
  const { vanityName = '', identifier } = useParams();
  useEffect(() => {
    const ctl = new AbortController();
    void resolveVanityName(vanityName, ctl.signal)
      .catch(() => undefined)
      .then((pubkey) => {
        if (!ctl.signal.aborted) vanityLookup.set({ name: vanityName, pubkey: pubkey ?? null });
      });
    return () => ctl.abort();
  }, [vanityName]);
  const lookup = lookupOf(useSnapshot(vanityLookup), vanityName);
  if (!lookup) return <RouteLoading />;
  if (!lookup.pubkey) return <NotFound />;
  return (
    <VanityContext.Provider value={{ name: vanityName, pubkey: lookup.pubkey, identifier }}>
      {children}
    </VanityContext.Provider>
  );
}
