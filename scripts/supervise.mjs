// Keeps the server of `npm start` up: a server that dies is started again after a short pause,
// with a log line. One that was stopped (Ctrl-C, SIGTERM: it exits 0) is not, and neither is
// one that never came up (a port in use or a bad DATABASE_URL would only fail again).
// Plain JavaScript like the other scripts.
import { spawn } from 'node:child_process';

/** Pauses before restarts 1, 2, 3, ...; the last one repeats. */
export const RESTART_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];
/** A server that stayed up this long starts over at the first pause when it dies. */
export const STABLE_MS = 60_000;

function duration(ms) {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * Runs `command` with `args`; the child says it is up by sending `{ type: 'ready' }` over IPC.
 * Returns `stop(signal)`, which forwards the signal and ends supervision, and `exited`, which
 * resolves with the exit code to leave with once supervision is over.
 */
export function supervise(command, args, options = {}) {
  const {
    delays = RESTART_DELAYS_MS,
    stableMs = STABLE_MS,
    log = (line) => console.error(line),
    onSpawn = () => {},
    spawnOptions = {},
  } = options;
  let child;
  let stopping = false;
  let everReady = false;
  let restarts = 0;
  let quickCrashes = 0;
  let timer;
  let finish;
  const exited = new Promise((resolve) => (finish = resolve));

  const start = () => {
    const startedAt = Date.now();
    let ready = false;
    child = spawn(command, args, {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      ...spawnOptions,
    });
    onSpawn(child);
    child.on('error', (err) => {
      log(`swell: could not start the server: ${err.message}`);
      finish(1);
    });
    child.on('message', (msg) => {
      if (msg && msg.type === 'ready') ready = everReady = true;
    });
    child.on('exit', (code, signal) => {
      child = undefined;
      if (stopping || (code === 0 && !signal)) return finish(code ?? 0);
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (!ready && !everReady) {
        log(`swell: the server did not start (${how})`);
        return finish(code || 1);
      }
      const upFor = Date.now() - startedAt;
      quickCrashes = upFor >= stableMs ? 0 : quickCrashes + 1;
      const delay = delays[Math.min(Math.max(quickCrashes - 1, 0), delays.length - 1)];
      restarts += 1;
      log(
        `swell: the server died (${how}) after ${duration(upFor)}; restarting in ${duration(delay)} (restart ${restarts})`,
      );
      timer = setTimeout(start, delay);
    });
  };
  start();

  return {
    exited,
    stop(signal = 'SIGTERM') {
      stopping = true;
      clearTimeout(timer);
      if (child) child.kill(signal);
      else finish(0);
    },
  };
}
