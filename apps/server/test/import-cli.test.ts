import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { importFile } from '../src/cli/import-file.ts';
import { openStore } from '../src/store/open-store.ts';
import { testUser } from './relay-helpers.ts';
import { vectorsDir } from './store-fixtures.ts';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../src/cli/import.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'swell-import-'));

describe('import CLI', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports a JSONL file and prints imported, duplicates and rejected with reasons', async () => {
    const u = testUser();
    const a = u.sign({ kind: 1, content: 'one' });
    const b = u.sign({ kind: 1, content: 'two' });
    const file = join(dir, 'events.jsonl');
    writeFileSync(
      file,
      [a, b, a, '{broken', { ...b, sig: 'ab' }]
        .map((x) => (typeof x === 'string' ? x : JSON.stringify(x)))
        .join('\n') + '\n',
    );
    const { stdout } = await run(process.execPath, [cli, file, `--SWELL_DATA=${dir}`]);
    expect(stdout).toMatch(/imported: +2\n/);
    expect(stdout).toMatch(/duplicates: +1\n/);
    expect(stdout).toMatch(/rejected: +2\n/);
    expect(stdout).toContain('1 x invalid: broken JSON');
    expect(stdout).toContain('1 x invalid: sig must be 128 lowercase hex');
    expect(stdout).toContain('line 4');
  });

  it('rejects the 57 events of real-events-invalid.jsonl with their reasons', async () => {
    const store = await openStore({ dataDir: '', sqliteFile: ':memory:' });
    try {
      const s = await importFile(
        store,
        fileURLToPath(new URL('real-events-invalid.jsonl', vectorsDir)),
      );
      expect({ imported: s.imported, duplicates: s.duplicates, rejected: s.rejected }).toEqual({
        imported: 0,
        duplicates: 0,
        rejected: 57,
      });
      // Three damaged NIP-60 tokens carry U+0000, refused before their hash is checked.
      expect(s.reasons).toEqual({
        'invalid: id does not match the event hash': 53,
        'invalid: content and tags must be well-formed Unicode without U+0000': 3,
        'invalid: bad signature': 1,
      });
    } finally {
      await store.close();
    }
  });

  it('fails with a clear message for a missing file', async () => {
    await expect(
      run(process.execPath, [cli, join(dir, 'nope.jsonl'), `--SWELL_DATA=${dir}`]),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('no such file'),
    });
  });
});
