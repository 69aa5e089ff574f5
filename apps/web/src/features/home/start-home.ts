import { homeModel, type SwellClient } from '@swell/client';

/**
 * Starts Home's feed list and first page while the screen's code loads: the model is held for
 * a moment (its first holder starts it) and kept by the registry for the screen to take.
 */
export function startHome(client: SwellClient): void {
  client.models.acquire(homeModel, undefined).release();
}
