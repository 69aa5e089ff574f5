// `npm run bench -- NAME [args]`: runs bench/src/NAME.ts (every benchmark when NAME is omitted).
// Each benchmark prints its figures; none asserts timings.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !['main.ts'].includes(f) && !f.startsWith('lib-'))
  .map((f) => f.slice(0, -3))
  .sort();

const [name, ...rest] = process.argv.slice(2);
const chosen = name ? [name] : available;
for (const n of chosen) {
  if (!available.includes(n)) {
    console.error(`unknown benchmark "${n}"; available: ${available.join(', ') || '(none yet)'}`);
    process.exit(2);
  }
  console.log(`\n## bench ${n}`);
  const mod = (await import(`./${n}.ts`)) as { run: (args: string[]) => Promise<void> };
  await mod.run(rest);
}
