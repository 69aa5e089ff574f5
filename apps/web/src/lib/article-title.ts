/** Lower-cased words of a heading or title, markdown emphasis and punctuation aside. */
function words(text: string): string {
  return text
    .replace(/[*_`~]/g, '')
    .replace(/\s+#+\s*$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The markdown of an article without its first heading when that heading repeats the title the
 * article's header already shows (many writers start the body with `# Title`): the title is
 * printed once. Only a heading before any other text counts (ATX `#`/`##` or a Setext underline).
 */
export function withoutRepeatedTitle(markdown: string, title: string): string {
  const wanted = words(title);
  if (!wanted) return markdown;
  const lines = markdown.split('\n');
  let i = 0;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  const line = lines[i];
  if (line === undefined) return markdown;
  const atx = /^ {0,3}#{1,2}\s+(.+)$/.exec(line);
  if (atx) {
    if (words(atx[1]!) !== wanted) return markdown;
    return lines.slice(i + 1).join('\n');
  }
  const underline = lines[i + 1];
  if (underline !== undefined && /^ {0,3}(=+|-+)\s*$/.test(underline) && words(line) === wanted)
    return lines.slice(i + 2).join('\n');
  return markdown;
}
