import type { FastifyBaseLogger } from 'fastify';

/**
 * Process-level guards of a running server: a promise rejection nobody handled is logged and the
 * server keeps serving (one failed background task must not take every client down). An uncaught
 * exception leaves the process in an unknown state: it is logged and the process exits non-zero,
 * for `npm start` (or the service manager) to start it again.
 */
export function installCrashGuards(log: FastifyBaseLogger): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection (kept serving)');
  });
  process.on('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception: exiting');
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100).unref();
  });
}
