/** The ecash module, loaded on first use only (about 88 KB gzip with its crypto). */
export const loadEcash = () => import('@swell/wallet/ecash');
