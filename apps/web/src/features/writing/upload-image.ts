import { AttachmentSet } from '@/features/uploads/attachments.ts';

/**
 * Uploads one picture through the app's upload path (the user's Blossom servers or the caching
 * service, the tier's size limit, the refusals shown as toasts) and answers its URL; null when it
 * was refused, failed or cancelled (the toasts say why).
 */
export async function uploadImage(file: File): Promise<string | null> {
  const set = new AttachmentSet({ imagesOnly: true });
  if ((await set.add([file])) === 0) return null;
  return new Promise<string | null>((resolve) => {
    const check = () => {
      const [state] = set.getStates();
      if (!state) return resolve(null);
      if (state.status === 'done') {
        stop();
        const url = set.results()[0]?.url ?? null;
        set.clear();
        resolve(url);
      } else if (state.status === 'failed' || state.status === 'cancelled') {
        stop();
        set.clear();
        resolve(null);
      }
    };
    const stop = set.subscribe(check);
    check();
  });
}
