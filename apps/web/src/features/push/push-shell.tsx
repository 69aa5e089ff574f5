import { useEffect } from 'react';
import { pushRecord } from '@/features/push/push-record.ts';
import { ensurePushPresence, stopPushPresence } from '@/features/push/push-start.ts';

/** An app path sent by the service worker (a notification's click). */
const appPath = (url: unknown): url is string =>
  typeof url === 'string' && /^\/(?![/\\])/.test(url);

/**
 * The shell's part of Web Push for a signed-in user, loaded once the first content is on
 * screen: a click on a notification opens its screen in this window (the service worker posts
 * `swell-open`), and while the user has push devices this tab's focus is reported.
 */
export default function PushShell({
  pubkey,
  canSign,
  navigate,
}: {
  pubkey: string;
  canSign: boolean;
  /** The router's (the shell passes it: this chunk stays apart from the router's code). */
  navigate: (path: string) => unknown;
}) {
  const here = pushRecord(pubkey) !== undefined;
  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!worker || !here) return;
    const open = (event: MessageEvent<{ type?: string; url?: unknown } | null>) => {
      if (event.data?.type !== 'swell-open' || !appPath(event.data.url)) return;
      void navigate(event.data.url);
      event.ports[0]?.postMessage(true);
    };
    worker.addEventListener('message', open);
    return () => worker.removeEventListener('message', open);
  }, [navigate, here]);
  useEffect(() => {
    if (!canSign || !pushRecord(pubkey)) return;
    ensurePushPresence(pubkey);
    return () => stopPushPresence();
  }, [pubkey, canSign]);
  return null;
}
