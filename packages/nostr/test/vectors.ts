import { readFileSync } from 'node:fs';

const root = new URL('./vectors/', import.meta.url);

/** Parses a JSON vector file from test/vectors (copies; see SOURCES.md there). */
export function readJson<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, root), 'utf8')) as T;
}

/** Parses a JSONL vector file (one JSON value a line). */
export function readJsonl<T = unknown>(name: string): T[] {
  return readFileSync(new URL(name, root), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
