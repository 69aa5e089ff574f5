import { DirectMessages } from '@swell/client';
import { swell } from '@/data/client.ts';
import { dmServices } from '@/features/messages/dm-services.ts';

let model: DirectMessages | null = null;

/**
 * The Messages model of the signed-in user, kept while the app runs (the NIP-17 inbox stays open
 * and decrypted texts stay in memory when the user leaves the screen); replaced on a new user.
 */
export function directMessagesFor(me: string): DirectMessages {
  if (model?.me === me) return model;
  model?.close();
  const s = dmServices(me);
  model = new DirectMessages({ ...s, onPage: (page) => swell().store.ingestPage(page) });
  model.start();
  return model;
}
