import type { NostrUriEntity } from '../nip21.ts';

/** Embedded players the client knows (client-spec sections 1 and 9). */
export type EmbedProvider =
  | 'spotify'
  | 'soundcloud'
  | 'mixcloud'
  | 'wavlake'
  | 'applemusic'
  | 'tidal'
  | 'youtube'
  | 'twitch'
  | 'kick'
  | 'zapstream';

/**
 * One piece of a tokenized note. `text` is always the exact slice of the source it came from,
 * so joining every segment's `text` gives the input back.
 */
export type Segment =
  | { type: 'text'; text: string }
  | { type: 'linebreak'; text: string }
  | { type: 'link'; text: string; url: string }
  | { type: 'image'; text: string; url: string }
  | { type: 'video'; text: string; url: string }
  | {
      type: 'embed';
      text: string;
      url: string;
      provider: EmbedProvider;
      /** What to put in an iframe src. Twitch needs `&parent=<your host>` appended. */
      embedUrl: string;
      /** Player height in CSS pixels (spec section 9 where it names one). */
      height: number;
      /** For video players: width / height, to size the frame responsively. */
      aspectRatio?: number;
    }
  | { type: 'invoice'; text: string; invoice: string; msats: number | undefined }
  | {
      type: 'bitcoin';
      text: string;
      uri: string;
      address: string;
      /** The BOLT #11 invoice from the `lightning` parameter. */
      lightning: string;
      msats: number | undefined;
    }
  | { type: 'cashu'; text: string; token: string }
  | { type: 'hashtag'; text: string; tag: string }
  | {
      type: 'mention';
      text: string;
      /** The bech32 string (for legacy `#[n]`, encoded from the referenced tag). */
      bech32: string;
      decoded: NostrUriEntity;
      /** Set for legacy `#[n]` mentions: the tag index n. */
      legacyIndex?: number;
    };

export type SegmentType = Segment['type'];
