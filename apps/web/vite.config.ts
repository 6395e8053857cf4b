import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { precompress } from './vite-plugins/precompress'
import { preloadRoute } from './vite-plugins/preloadRoute'

export default defineConfig({
  // relative base: the build is served under any prefix (the server, a CDN, a sub-path)
  base: './',
  // the sign-in page is where most visits start: its chunks are fetched beside the entry (issue 14)
  plugins: [react(), preloadRoute('src/shell/login/LoginPage.tsx'), precompress()],
  // features reach shared code as '@/api/…', '@/stores/…' (relative '../../' is reserved for the lint rule
  // that keeps features from importing each other)
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: { '/xparkApi': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 700,
    manifest: true,
    // every browser the console supports has modulepreload: no polyfill in the entry chunk
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // everything the entry imports statically is loaded at start anyway: one file, not six
            // (Chromium opens 6 HTTP/1.1 connections per host; the sign-in page painted ~15% sooner)
            { name: 'boot', tags: ['$initial'] },
            // the sign-in page and the i18n hooks every page uses: one small file, preloaded. Not the
            // ways to sign in that load when chosen (a group takes its modules' imports along: the
            // register dialog would bring antd, ~140 KB gzip, before the password field)
            {
              name: 'signin',
              test: /src[\\/]shell[\\/]login[\\/](?!RegisterDialog|PhoneFields|SocialButtons)|usePageTitle|react-i18next/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // antd screens render slowly in jsdom on a loaded 2-core machine: generous limits, no flakiness
    testTimeout: 30_000,
  },
})
