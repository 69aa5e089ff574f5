import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { chunkGraph } from './chunk-graph.ts';

/** public/theme-init.js without its comments, as the build inlines it. */
export function themeInitSource(): string {
  const code = readFileSync(new URL('../public/theme-init.js', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  if (/<\/script/i.test(code)) throw new Error('theme-init.js cannot be inlined');
  return code;
}

/**
 * Names the Home screen's scripts in index.html (`<meta name="swell-home-chunks">`), for
 * public/theme-init.js to preload them when the first route is Home, in parallel with the
 * entry instead of after it. Other routes do not pay for Home's code. The build puts
 * theme-init.js itself inline (a render-blocking request less on the first paint, about 150 ms
 * on a phone); the server allows that one script by its hash in the page's CSP.
 */
export function homePreload(): Plugin {
  return {
    name: 'swell-home-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const scripts = [...chunkGraph(ctx.bundle).home()].filter((f) => f.endsWith('.js'));
        const meta = `<meta name="swell-home-chunks" content="${scripts.map((f) => `/${f}`).join(' ')}" />`;
        const tag = '<script src="/theme-init.js"></script>';
        if (!html.includes(tag)) throw new Error('index.html lost its theme-init.js script');
        return html.replace(tag, `${meta}\n    <script>${themeInitSource()}</script>`);
      },
    },
  };
}
