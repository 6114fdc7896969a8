// Lint rules, including the walls of ARCHITECTURE.md: which folder may import what.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import noImportCycle from './eslint-rules/no-import-cycle.js'

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)]

/** Patterns that match a relative or aliased import into one of the top-level folders. */
const folder = (name) => [`**/${name}/**`, `**/${name}`, `@${name}/*`]

const wall = (message, { paths = [], patterns = [] }) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: paths.map((name) => ({ name, message })),
      patterns: [{ group: patterns, message }],
    },
  ],
})

export const walls = {
  renderer: wall(
    'renderer/ runs in a sandboxed browser page: reach main only through the bridge (useBridge).',
    {
      paths: ['electron', ...nodeBuiltins],
      patterns: [
        ...folder('electron'),
        ...folder('platform'),
        ...folder('document-reader'),
        'electron/*',
        'node:*',
      ],
    },
  ),
  platform: wall('platform/ is a standalone server: it never imports the desktop app.', {
    paths: ['electron'],
    patterns: [...folder('electron'), ...folder('renderer'), 'electron/*'],
  }),
  common: wall(
    'common/ runs anywhere and imports nothing of electron/, renderer/, platform/ or document-reader/.',
    {
      paths: ['electron', ...nodeBuiltins],
      patterns: [
        ...folder('electron'),
        ...folder('renderer'),
        ...folder('platform'),
        ...folder('document-reader'),
        'electron/*',
        'node:*',
      ],
    },
  ),
  documentReader: wall(
    'document-reader/ reads documents for the platform and for main: it imports only common/ and Node.',
    {
      paths: ['electron'],
      patterns: [...folder('electron'), ...folder('renderer'), ...folder('platform'), 'electron/*'],
    },
  ),
  services: wall(
    'Only the thin Electron layer (electron/main/shell/) imports electron; services use ports.',
    {
      paths: ['electron'],
      patterns: ['electron/*', ...folder('renderer'), ...folder('platform')],
    },
  ),
  shell: wall('The Electron layer never imports renderer/ or platform/ code.', {
    patterns: [...folder('renderer'), ...folder('platform')],
  }),
}

/**
 * A feature folder reaches another feature only through that feature's `index.ts` (its public face), never
 * its internals; the composition root (App.vue, the router) wires features together and is exempt.
 */
const features = readdirSync(new URL('./renderer/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const rendererWall = walls.renderer['no-restricted-imports'][1]
// Toasts are raised through renderer/src/ui/worded-toast.ts, whose words follow a change of language.
const wordedToasts = {
  name: 'primevue/usetoast',
  message: 'Raise toasts with useWordedToast (@renderer/ui/worded-toast): its words follow the language.',
}
rendererWall.paths.push(wordedToasts)
const featureWall = (own) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: rendererWall.paths,
      patterns: [
        ...rendererWall.patterns,
        {
          group: features
            .filter((other) => other !== own)
            .flatMap((other) => [
              `@renderer/features/${other}/*`,
              ...['..', '../..', '../../..'].map((up) => `${up}/${other}/*`),
              `**/features/${other}/*`,
            ]),
          message: `A feature imports another feature only through its index.ts (ARCHITECTURE.md: features never reach into each other's internals).`,
        },
      ],
    },
  ],
})

/**
 * Inside the renderer, imports go down the layers: features → stores → data (ARCHITECTURE.md). `data/` (the
 * Dexie schema, sync engine and outbox) knows nothing of who is signed in or which company is open; the
 * Pinia stores build on it; the features build on both.
 */
const layerWall = (below, message) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: rendererWall.paths,
      patterns: [
        ...rendererWall.patterns,
        {
          group: below.flatMap((layer) => [
            `@renderer/${layer}`,
            `@renderer/${layer}/*`,
            ...['..', '../..', '../../..'].map((up) => `${up}/${layer}/*`),
            `**/src/${layer}/*`,
          ]),
          message,
        },
      ],
    },
  ],
})
export const layerWalls = {
  data: layerWall(
    ['stores', 'features'],
    'data/ is below the stores and the features: it never imports them (the stores pass it what it needs).',
  ),
  stores: layerWall(['features'], 'The stores are below the features: a store never imports a feature.'),
  i18n: layerWall(
    ['features', 'ui', 'stores', 'data'],
    'i18n/ is below everything that words itself: it never imports a feature, a ui widget, a store or data/, nor the list of their messages (each registers its own, i18n/index.ts registerMessages).',
  ),
}
// Nor the app's list of every registration (renderer/src/messages.ts), which sits above the features.
layerWalls.i18n['no-restricted-imports'][1].patterns
  .at(-1)
  .group.push('../messages', '../messages.ts', '@renderer/messages', '@renderer/messages.ts')

/** The import aliases of the TypeScript projects (`@renderer/*`, `@common/*`), as prefix -> folder. */
const aliases = Object.fromEntries(
  ['tsconfig.web.json', 'tsconfig.node.json'].flatMap((name) =>
    Object.entries(
      JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')).compilerOptions.paths,
    ).map(([pattern, [folder]]) => [pattern.replace(/\*$/, ''), folder.replace(/\*$/, '')]),
  ),
)

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'out/**', 'dist/**', 'release/**', 'coverage/**', '**/*.d.ts', '.data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'vue/multi-word-component-names': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: walls.renderer,
  },
  // The walls hold for the app's code; a test may put several layers together to prove what they do as one.
  { files: ['renderer/src/data/**/*.ts'], ignores: ['**/*.test.ts'], rules: layerWalls.data },
  { files: ['renderer/src/stores/**/*.ts'], ignores: ['**/*.test.ts'], rules: layerWalls.stores },
  { files: ['renderer/src/i18n/**/*.ts'], ignores: ['**/*.test.ts'], rules: layerWalls.i18n },
  ...features.map((own) => ({
    files: [`renderer/src/features/${own}/**/*.{ts,vue}`],
    rules: featureWall(own),
  })),
  // The one place PrimeVue's toast service is taken, for the worded toasts.
  {
    files: ['renderer/src/ui/worded-toast.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...rendererWall, paths: rendererWall.paths.filter((p) => p !== wordedToasts) },
      ],
    },
  },
  { files: ['platform/**/*.ts'], rules: walls.platform },
  { files: ['common/**/*.ts'], rules: walls.common },
  { files: ['document-reader/**/*.ts'], rules: walls.documentReader },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main/shell/**', 'electron/main/index.ts', 'electron/preload/**'],
    rules: walls.services,
  },
  {
    files: ['electron/main/shell/**/*.ts', 'electron/main/index.ts', 'electron/preload/**/*.ts'],
    rules: walls.shell,
  },
  {
    // ARCHITECTURE.md: no import circles in the app or the platform (type-only and late imports count too).
    files: [
      'renderer/**/*.{ts,vue}',
      'electron/**/*.ts',
      'common/**/*.ts',
      'platform/**/*.ts',
      'document-reader/**/*.ts',
    ],
    plugins: { ledgerdesk: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'ledgerdesk/no-import-cycle': ['error', { root: import.meta.dirname, aliases }] },
  },
  prettier,
)
