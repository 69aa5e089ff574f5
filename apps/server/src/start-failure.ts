/**
 * Ends a process whose server could not start: a configuration problem (a setting named in the
 * message, a wallet connection that cannot take payments) is printed as one line, anything else
 * with its stack. Exits non-zero, so `npm start` does not retry it.
 */
export function exitOnStartFailure(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  const configuration =
    err instanceof Error && (err.name === 'NwcSetupError' || /^SWELL_[A-Z_]+\b/.test(message));
  console.error(`\nswell: the server did not start: ${message}\n`);
  if (!configuration) console.error(err);
  process.exit(1);
}
