// electron-vite: three builds with this repository's roots. Main (ESM) and the preload (CommonJS: a
// sandboxed preload cannot be an ES module and may require only `electron`, so it is one bundle with no
// external dependencies) go to out/main and out/preload; the renderer to out/renderer.
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Rollup } from 'vite'

const root = import.meta.dirname

// zod's sources carry /* @__PURE__ */ comments where Rollup cannot use them; Rollup drops them, harmlessly.
const onwarn: Rollup.RollupOptions['onwarn'] = (warning, warn) => {
  if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return
  warn(warning)
}
const alias = {
  '@renderer': resolve(root, 'renderer/src'),
  '@common': resolve(root, 'common'),
}

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: resolve(root, 'out/main'),
      rollupOptions: {
        input: {
          index: resolve(root, 'electron/main/index.ts'),
          // The Local sandbox: the platform CLI, run by main in a utility process (a separate program,
          // not an import of main's code).
          platform: resolve(root, 'platform/cli.ts'),
          // The platform's document reader (pdf.js, Tesseract), a worker thread it starts and ends on demand.
          'ocr-reader': resolve(root, 'document-reader/reader-worker.ts'),
          // Main's reader of structured invoices (a file's XML, a PDF's embedded XML), a worker thread with a
          // time budget so that a hostile file never holds main's thread (einvoice-reader/structured.ts).
          'einvoice-reader': resolve(root, 'electron/main/services/einvoice-reader/structured-worker.ts'),
          // The scan station's page reader (pdf.js, @napi-rs/canvas): blank and separator pages, page pictures.
          'scan-pages': resolve(root, 'electron/main/services/scan/split/pages-worker.ts'),
        },
        onwarn,
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: resolve(root, 'out/preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    resolve: { alias },
    plugins: [vue()],
    // vue-i18n: Composition API only, no devtools hooks in the shipped bundle.
    define: {
      __VUE_I18N_LEGACY_API__: 'false',
      __VUE_I18N_FULL_INSTALL__: 'true',
      __INTLIFY_PROD_DEVTOOLS__: 'false',
    },
    build: {
      outDir: resolve(root, 'out/renderer'),
      rollupOptions: { input: { index: resolve(root, 'renderer/index.html') }, onwarn },
    },
  },
})
