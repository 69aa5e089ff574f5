import { createStore } from '@/lib/external-store.ts';

/** Whether the premium reminder (spec section 4) is showing; set after the membership loads. */
export const premiumReminderOpen = createStore(false);
