import type { Plugin } from 'vite';
import { chunkGraph } from './chunk-graph.ts';

/**
 * Names the Home screen's scripts in index.html (`<meta name="swell-home-chunks">`), for
 * public/theme-init.js to preload them when the first route is Home, in parallel with the
 * entry instead of after it. Other routes do not pay for Home's code.
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
        return html.replace(
          '<script src="/theme-init.js">',
          `${meta}\n    <script src="/theme-init.js">`,
        );
      },
    },
  };
}
