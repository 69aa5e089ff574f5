import { publishNotice, type OutboxResult } from '@swell/client';
import { notify } from '@/components/ui/notify.ts';
import { i18n } from '@/i18n/index.ts';

/** Which toast a finished publish shows (spec section 8 user messages); discarded: none. */
export function publishToastKey(result: OutboxResult): string | null {
  if (result.status === 'discarded') return null;
  switch (publishNotice(result)) {
    case 'publish-success':
      return 'write.published';
    case 'publish-timeout':
      return 'write.timeout';
    default:
      return 'write.failed';
  }
}

/**
 * Shows the outcome of a publish. `success` overrides the success message (e.g. "Reposted");
 * quiet actions (a like) say nothing when they succeed.
 */
export async function toastOutcome(
  result: Promise<OutboxResult>,
  options: { success?: string; failure?: string; quietSuccess?: boolean } = {},
): Promise<void> {
  const r = await result.catch(() => ({ status: 'failed' as const }) as OutboxResult);
  const key = publishToastKey(r);
  if (!key) return;
  const t = i18n.t;
  if (key === 'write.published') {
    if (!options.quietSuccess) notify.success(options.success ?? t(key));
  } else if (key === 'write.timeout') {
    notify.warning(t(key));
  } else {
    notify.error(options.failure ?? t(key));
  }
}
