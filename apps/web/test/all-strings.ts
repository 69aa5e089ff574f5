import { addStrings } from '@/i18n/add-strings.ts';
import '@/i18n/index.ts';

// Unit tests read every screen's strings: the app registers most of them only when a screen's
// code loads (i18n/add-strings.ts). Loaded before each test file (vitest.config.ts).
const modules = import.meta.glob<Record<string, object>>('../src/i18n/en/*.ts', { eager: true });
for (const strings of Object.values(modules)) addStrings(strings);
