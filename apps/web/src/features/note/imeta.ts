/** Known dimensions of media from a note's NIP-92 `imeta` tags (`url ...`, `dim WxH`). */
export function imetaDims(
  tags: readonly (readonly string[])[],
): Map<string, { w: number; h: number }> {
  const out = new Map<string, { w: number; h: number }>();
  for (const tag of tags) {
    if (tag[0] !== 'imeta') continue;
    let url: string | undefined;
    let dim: { w: number; h: number } | undefined;
    for (const part of tag.slice(1)) {
      if (part.startsWith('url ')) url = part.slice(4).trim();
      const m = /^dim (\d{1,5})x(\d{1,5})$/.exec(part.trim());
      if (m) dim = { w: Number(m[1]), h: Number(m[2]) };
    }
    if (url && dim && dim.w > 0 && dim.h > 0) out.set(url, dim);
  }
  return out;
}
