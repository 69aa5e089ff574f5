/** The app version sent in session ids (spec: web 2.0.11 is the reference; ours is Swell's). */
export const clientVersion = '0.1.0';

/** `web_{version}_{random integer below 1e10}` (spec section 1). */
export function makeSessionId(version = clientVersion, random: () => number = Math.random): string {
  return `web_${version}_${Math.floor(random() * 1e10)}`;
}
