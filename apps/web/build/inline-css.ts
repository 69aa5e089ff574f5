import type { Plugin } from 'vite';

/**
 * Puts the entry's stylesheets (the shell, the design tokens, the boot shell) into index.html as
 * <style>, so the first paint waits for no request but the page itself (Lighthouse counted the
 * three <link>s as render-blocking: about a second on a slow phone network).
 *
 * Each <link> stays, `disabled`: a disabled stylesheet is neither fetched nor applied, but Vite's
 * loader of lazy chunks, which adds the CSS a chunk needs unless a <link> to it is already in
 * the document, then does not load the same rules a second time (later in the cascade, where
 * they would override the screens' own).
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'swell-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = bundle[fileName];
            if (!asset || asset.type !== 'asset') return link;
            const css = String(asset.source).replace(/<\/style/gi, '<\\/style');
            return `<style data-href="/${fileName}">${css}</style>\n    <link rel="stylesheet" crossorigin href="/${fileName}" disabled>`;
          },
        );
      },
    },
  };
}
