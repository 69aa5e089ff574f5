import type { SessionSnapshot } from '@swell/client';
import { swell } from '@/data/client.ts';
import { useSnapshot } from '@/data/use-model.ts';

/**
 * Who is using the app (the client's session): the stored public key at once, then the signer
 * once the login sequence ran (`resolved`).
 */
export type Session = SessionSnapshot;

export const session = {
  get: (): Session => swell().session.getSnapshot(),
  subscribe: (l: () => void) => swell().session.subscribe(l),
};

export function useSession(): Session {
  return useSnapshot(swell().session);
}
