import { swell } from '@/data/client.ts';
import { requireSigner } from '@/features/write/require-signer.ts';
import { openZapModal, type ZapModalSubject } from '@/features/zaps/zap-modal-store.ts';

/** The user's default zap (Settings > Zaps; spec: 42 sats, "Onward"). */
export function defaultZapOf(): { amount: number; message: string } {
  const { zapDefault } = swell().settings.settings;
  return { amount: zapDefault.amount, message: zapDefault.message };
}

/** A tap on the zap button: the default amount and message, paid at once (code loads on use). */
export function quickZap(subject: ZapModalSubject): void {
  const { amount, message } = defaultZapOf();
  void import('@/features/zaps/zap-service.ts').then((m) =>
    m.sendZap(subject, { sats: amount, comment: message }),
  );
}

/** The zap button of a profile: the custom zap window once the user can sign. */
export async function zapProfile(pubkey: string): Promise<void> {
  if (await requireSigner('zap')) openZapModal({ pubkey });
}
