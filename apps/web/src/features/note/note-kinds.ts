/** Kinds shown by their content text (the tokenizer's segments). */
export const textKinds = new Set<number>([1, 1111, 9802, 30023, 30024]);

/**
 * Kinds with a renderer of their own (loaded lazily): NIP-88 polls (1068), zap polls (6969),
 * NIP-68 picture posts (20), NIP-71 video events (21, 22, 34235, 34236).
 */
export const richKinds = new Set<number>([1068, 6969, 20, 21, 22, 34235, 34236]);
