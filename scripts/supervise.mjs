// Keeps a server process running: `npm start` starts the server through it, so a server that dies
// anyway (a crash, the kernel's out-of-memory killer, `kill -9`) is started again. Plain
// JavaScript on purpose, like start.mjs: it runs on whatever Node runs `npm start`.
import { spawn } from 'node:child_process';

/**
 * Starts `command args` and starts it again whenever it stops without being asked to: after 1 s,
 * then twice as long after each quick failure, at most `maxDelayMs`; a run that lasted
 * `stableMs` resets the delay. A clean exit (code 0) or `stop()` ends supervision; so do
 * `maxQuickFailures` failed starts in a row (runs shorter than `quickMs`: a broken configuration
 * or a port in use will not fix itself), and `done` then resolves with the last exit code.
 *
 * @param {{
 *   command: string,
 *   args: string[],
 *   cwd?: string,
 *   env?: NodeJS.ProcessEnv,
 *   stdio?: import('node:child_process').StdioOptions,
 *   log?: (line: string) => void,
 *   onStart?: (child: import('node:child_process').ChildProcess) => void,
 *   firstDelayMs?: number,
 *   maxDelayMs?: number,
 *   stableMs?: number,
 *   quickMs?: number,
 *   maxQuickFailures?: number,
 * }} opts
 * @returns {{ stop: (signal?: NodeJS.Signals) => void, readonly child: import('node:child_process').ChildProcess, readonly restarts: number, done: Promise<number> }}
 */
export function supervise(opts) {
  const {
    command,
    args,
    cwd,
    env,
    stdio = 'inherit',
    log = (line) => console.error(line),
    onStart,
    firstDelayMs = 1000,
    maxDelayMs = 30_000,
    stableMs = 60_000,
    quickMs = 10_000,
    maxQuickFailures = 5,
  } = opts;
  let stopping = false;
  let delay = firstDelayMs;
  let quickFailures = 0;
  let restarts = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {import('node:child_process').ChildProcess} */
  let child;
  /** @type {(code: number) => void} */
  let finish = () => {};
  const done = new Promise((resolve) => (finish = resolve));

  const start = () => {
    timer = undefined;
    const startedAt = Date.now();
    child = spawn(command, args, { cwd, env, stdio });
    onStart?.(child);
    child.once('error', (err) => log(`swell: could not start the server: ${err.message}`));
    child.once('exit', (code, signal) => {
      if (stopping) return finish(code ?? 0);
      if (code === 0) return finish(0);
      const ran = Date.now() - startedAt;
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      if (ran >= stableMs) delay = firstDelayMs;
      quickFailures = ran < quickMs ? quickFailures + 1 : 0;
      if (quickFailures >= maxQuickFailures) {
        log(
          `swell: the server stopped (${how}) ${quickFailures} times in a row at start; giving up`,
        );
        return finish(code ?? 1);
      }
      log(`swell: the server stopped (${how}); starting it again in ${delay / 1000} s`);
      restarts += 1;
      timer = setTimeout(start, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    });
  };
  start();

  return {
    stop(signal = 'SIGTERM') {
      stopping = true;
      if (timer) {
        clearTimeout(timer);
        finish(0);
      } else if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    done,
  };
}
