/** What an `imeta` tag (NIP-92, NIP-94 fields) says of an uploaded file. */
export interface ImetaFields {
  url: string;
  mime: string;
  sha256: string;
  size: number;
  width?: number;
  height?: number;
  blurhash?: string;
  /** Seconds (video). */
  duration?: number;
  /** A poster frame or preview image URL. */
  thumb?: string;
}

/** `["imeta", "url …", "m …", "x …", "size …", "dim WxH", "blurhash …", …]` for a note. */
export function imetaTag(f: ImetaFields): string[] {
  const tag = ['imeta', `url ${f.url}`, `m ${f.mime}`, `x ${f.sha256}`, `size ${f.size}`];
  if (f.width && f.height) tag.push(`dim ${f.width}x${f.height}`);
  if (f.blurhash) tag.push(`blurhash ${f.blurhash}`);
  if (f.duration !== undefined) tag.push(`duration ${f.duration}`);
  if (f.thumb) tag.push(`thumb ${f.thumb}`);
  return tag;
}
