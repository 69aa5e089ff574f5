import { createStore } from '@/lib/external-store.ts';

export type ToastKind = 'success' | 'info' | 'warning' | 'error' | 'notImplemented';

/** How long each kind stays (spec section 9: warning and info 4000 ms, success and not-implemented 2000 ms). */
export const toastDurations: Record<ToastKind, number> = {
  success: 2000,
  notImplemented: 2000,
  info: 4000,
  warning: 4000,
  error: 4000,
};

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

/** At most this many toasts at once; older ones leave first. */
const maxToasts = 3;
let nextId = 1;

/** The toasts on screen (the toaster renders them; anything may add one). */
export const toasts = createStore<Toast[]>([]);

export function showToast(kind: ToastKind, message: string): Toast {
  const toast = { id: nextId++, kind, message, duration: toastDurations[kind] };
  toasts.set([...toasts.get(), toast].slice(-maxToasts));
  return toast;
}

export function dismissToast(id: number): void {
  toasts.set(toasts.get().filter((t) => t.id !== id));
}
