// `npm run demo -- --users N --days D --seed S --now UNIX --base-url URL --out FILE.jsonl`
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { DEFAULT_BASE_URL, DEFAULT_NOW, generateNetwork } from './generate-network.ts';

const USAGE = `usage: npm run demo -- [--users 300] [--days 30] [--seed swell] [--now ${DEFAULT_NOW}] [--base-url ${DEFAULT_BASE_URL}] [--out FILE.jsonl]
Writes the demo network as JSONL (one event a line) to FILE, or to stdout without --out.`;

const KNOWN = ['users', 'days', 'seed', 'now', 'base-url', 'out'];

function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`unexpected argument: ${arg}`);
    if (!KNOWN.includes(m[1]!)) throw new Error(`unknown option --${m[1]}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${m[1]} needs a value`);
    out[m[1]!] = value;
  }
  return out;
}

function numberArg(args: Record<string, string>, name: string): number | undefined {
  if (args[name] === undefined) return undefined;
  const n = Number(args[name]);
  if (!Number.isFinite(n)) throw new Error(`--${name} must be a number`);
  return n;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.error(USAGE);
    process.exit(0);
  }
  let args: Record<string, string>;
  try {
    args = parseArgs(argv);
  } catch (err) {
    console.error((err as Error).message);
    console.error(USAGE);
    process.exit(2);
  }
  const started = performance.now();
  const network = await generateNetwork({
    users: numberArg(args, 'users'),
    days: numberArg(args, 'days'),
    seed: args.seed,
    now: numberArg(args, 'now'),
    baseUrl: args['base-url'],
  });
  const out = args.out ? createWriteStream(args.out) : process.stdout;
  for (const event of network.events) {
    if (!out.write(`${JSON.stringify(event)}\n`)) await once(out, 'drain');
  }
  if (args.out) {
    out.end();
    await once(out, 'finish');
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(
    `demo network: ${network.events.length} events in ${seconds} s${args.out ? ` -> ${args.out}` : ''}`,
  );
}

await main();
