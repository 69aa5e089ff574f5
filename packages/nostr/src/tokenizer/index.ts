export { tokenize, extractHashtags, trimUrl } from './tokenize.ts';
export { detectEmbed, EMBED_HEIGHTS } from './embeds.ts';
export type { Embed } from './embeds.ts';
export { mediaTypeOfUrl, urlExtension } from './media.ts';
export type { Segment, SegmentType, EmbedProvider } from './segments.ts';
