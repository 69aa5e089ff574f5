// `npm run bench -- client-chunks`: what @swell/client's composition root costs the first screen.
// Builds (with the web app's Vite settings) a probe that does what /home does at startup with
// createSwellClient (the store, the session's stored key, one cache page) and only references
// the lazy parts (sign-in, relay pool, write path, NIP-46). Prints the gzip size of the
// JavaScript loaded at start and of each chunk loaded later.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const probe = `
import { createSwellClient } from '@swell/client';
const client = createSwellClient({ storage: localStorage, origin: location.origin, activityTarget: window });
const id = location.hash.slice(1);
client.store.subscribe(() => console.log(client.store.note(id), client.store.noteStats(id)));
console.log(client.session.getSnapshot().pubkey);
void client.fetchPage('mega_feed_directive', { spec: '{"id":"all-notes","kind":"notes"}', limit: 20 });
// Only on user action:
document.addEventListener('click', async () => {
  await client.session.start();
  await client.connectRelays();
  const write = await client.write();
  await write.like((await client.api.events([id])).notes[0]);
  await client.session.signInWithBunker(prompt() ?? '');
});
`;

export async function run(): Promise<void> {
  const dir = join(root, '.tmp', 'client-chunks');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'main.ts'), probe);
  writeFileSync(join(dir, 'index.html'), '<script type="module" src="./main.ts"></script>');
  const { build } = await import('vite');
  const pureModules =
    /[\\/](packages[\\/](nostr|client|cache-protocol|wallet)[\\/]src|node_modules[\\/]@noble|node_modules[\\/]@scure)[\\/]/;
  await build({
    root: dir,
    logLevel: 'warn',
    configFile: false,
    build: {
      outDir: join(dir, 'dist'),
      target: 'es2022',
      rollupOptions: {
        treeshake: { moduleSideEffects: (id: string) => !pureModules.test(id) },
        output: {
          advancedChunks: {
            groups: [
              { name: 'noble-hashes', test: /[\\/]@noble[\\/]hashes[\\/]/, priority: 2 },
              { name: 'noble-curves', test: /[\\/]@noble[\\/]curves[\\/]/, priority: 1 },
            ],
          },
        },
      },
    },
  });
  const assets = join(dir, 'dist', 'assets');
  const html = readFileSync(join(dir, 'dist', 'index.html'), 'utf8');
  const gz = (f: string) => gzipSync(readFileSync(join(assets, f)), { level: 9 }).length;
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  // At start: the entry and what it imports statically (modulepreload links).
  const initial = files.filter((f) => html.includes(`/assets/${f}`));
  const later = files.filter((f) => !initial.includes(f));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const sum = (list: string[]) => list.reduce((a, f) => a + gz(f), 0);
  console.log(`  loaded at start: ${kb(sum(initial))} gzip in ${initial.length} files`);
  for (const f of initial.sort((a, b) => gz(b) - gz(a)))
    console.log(`    ${kb(gz(f)).padStart(9)}  ${f}`);
  console.log(`  loaded on first use: ${kb(sum(later))} gzip in ${later.length} files`);
  for (const f of later.sort((a, b) => gz(b) - gz(a)))
    console.log(`    ${kb(gz(f)).padStart(9)}  ${f}`);
}
