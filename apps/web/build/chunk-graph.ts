import type { Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The files of the first load, read from a finished bundle. */
export interface ChunkGraph {
  /** The entry chunk, everything it imports statically, and their CSS. */
  entry(): Set<string>;
  /** The Home screen's chunk and what it imports statically, minus what the entry loads. */
  home(): Set<string>;
  /**
   * Every file a page may load from `assets/`: all chunks (but those that only held CSS), their
   * CSS, and the other assets (fonts); no source maps.
   */
  all(): Set<string>;
}

export function chunkGraph(bundle: OutputBundle): ChunkGraph {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (roots: string[]): Set<string> => {
    const seen = new Set<string>();
    const visited = new Set<string>();
    const add = (fileName: string) => {
      const chunk = byName.get(fileName);
      if (!chunk || visited.has(fileName)) return;
      visited.add(fileName);
      // Vite drops chunks that only hold CSS after this point: keep their CSS, not the file.
      if (!chunk.moduleIds.every((id) => /\.css($|\?)/.test(id))) seen.add(fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
      for (const dep of chunk.imports) add(dep);
    };
    roots.forEach(add);
    return seen;
  };
  const entry = () => closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  return {
    entry,
    home() {
      const home = chunks.find((c) => c.facadeModuleId?.endsWith('/src/screens/home.tsx'));
      const files = closure(home ? [home.fileName] : []);
      for (const f of entry()) files.delete(f);
      return files;
    },
    all() {
      const files = closure(chunks.map((c) => c.fileName));
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && !file.fileName.endsWith('.map')) files.add(file.fileName);
      }
      return new Set([...files].filter((f) => f.startsWith('assets/')));
    },
  };
}
