import type { SettingsSnapshot } from '@swell/client';
import { swell } from '@/data/client.ts';
import { useSnapshot } from '@/data/use-model.ts';

/** The settings synced with the server (the client's `SettingsSync`): defaults for guests. */
export function useSettings(): SettingsSnapshot {
  const s = swell().settings;
  return useSnapshot(s);
}
