/** Builds the console into ../console-dist (one JS and one CSS file), committed so the emulator needs no build at run time. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { consoleSourceHash } from './build-hash.ts';

const outDir = fileURLToPath(new URL('../console-dist/', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [
    react(),
    {
      name: 'record-source-hash',
      closeBundle() {
        writeFileSync(`${outDir}/source-hash.txt`, consoleSourceHash() + '\n');
      },
    },
  ],
  build: {
    outDir,
    emptyOutDir: true,
    cssCodeSplit: false,
    modulePreload: false,
    reportCompressedSize: true,
    rollupOptions: {
      output: {
        entryFileNames: 'assets/console-[hash].js',
        assetFileNames: 'assets/console-[hash][extname]',
      },
    },
  },
});
