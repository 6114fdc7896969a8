// The walls of ARCHITECTURE.md are lint rules; these tests prove each wall fails the lint step
// (npm test) when crossed, and that the allowed imports pass.
import { readFileSync } from 'node:fs'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function wallErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('architecture walls', () => {
  const crossings: [string, string, string][] = [
    [
      'renderer/src/views/x.ts',
      "import { ipcRenderer } from 'electron'\nvoid ipcRenderer\n",
      'renderer imports electron',
    ],
    [
      'renderer/src/views/x.ts',
      "import { readFileSync } from 'node:fs'\nvoid readFileSync\n",
      'renderer imports a node: built-in',
    ],
    [
      'renderer/src/views/x.ts',
      "import { readFileSync } from 'fs'\nvoid readFileSync\n",
      'renderer imports a bare built-in',
    ],
    [
      'renderer/src/views/x.ts',
      "import { a } from '../../../electron/main/services/about.ts'\nvoid a\n",
      'renderer imports electron/',
    ],
    [
      'renderer/src/views/x.ts',
      "import { a } from '../../../platform/server.ts'\nvoid a\n",
      'renderer imports platform/',
    ],
    [
      'platform/routes/x.ts',
      "import { a } from '../../electron/main/services/about.ts'\nvoid a\n",
      'platform imports electron/',
    ],
    [
      'platform/routes/x.ts',
      "import { a } from '../../renderer/src/main.ts'\nvoid a\n",
      'platform imports renderer/',
    ],
    ['platform/routes/x.ts', "import { app } from 'electron'\nvoid app\n", 'platform imports electron'],
    ['common/x.ts', "import { a } from '../platform/server.ts'\nvoid a\n", 'common imports platform/'],
    ['common/x.ts', "import { a } from '../electron/main/index.ts'\nvoid a\n", 'common imports electron/'],
    ['common/x.ts', "import { a } from '../renderer/src/main.ts'\nvoid a\n", 'common imports renderer/'],
    [
      'common/x.ts',
      "import { createHash } from 'node:crypto'\nvoid createHash\n",
      'common imports a Node built-in',
    ],
    [
      'electron/main/services/x.ts',
      "import { app } from 'electron'\nvoid app\n",
      'a main-process service imports electron',
    ],
    [
      'electron/web/x.ts',
      "import { app } from 'electron'\nvoid app\n",
      'the browser-mode host imports electron',
    ],
    [
      'renderer/src/features/inbox/x.ts',
      "import { a } from '@renderer/features/approvals/decisions'\nvoid a\n",
      "a feature imports another feature's internals by alias",
    ],
    [
      'renderer/src/features/inbox/x.ts',
      "import a from '../sync/SyncPanel.vue'\nvoid a\n",
      "a feature imports another feature's internals relatively",
    ],
    [
      'renderer/src/features/inbox/parts/x.ts',
      "import { a } from '../../scan/store'\nvoid a\n",
      "a nested file of a feature imports another feature's internals",
    ],
    [
      'renderer/src/features/inbox/x.ts',
      "import { a } from '../../../../electron/main/index.ts'\nvoid a\n",
      'a feature imports electron/',
    ],
    [
      'renderer/src/data/x.ts',
      "import { useSessionStore } from '@renderer/stores/session'\nvoid useSessionStore\n",
      'data/ imports a store by alias',
    ],
    [
      'renderer/src/data/x.ts',
      "import { useCompaniesStore } from '../stores/companies.ts'\nvoid useCompaniesStore\n",
      'data/ imports a store relatively',
    ],
    [
      'renderer/src/data/x.ts',
      "import { inboxShortcuts } from '@renderer/features/inbox'\nvoid inboxShortcuts\n",
      'data/ imports a feature',
    ],
    [
      'renderer/src/stores/x.ts',
      "import { useScanStore } from '../features/scan/store.ts'\nvoid useScanStore\n",
      'a store imports a feature',
    ],
    [
      'renderer/src/i18n/x.ts',
      "import messages from '../features/contacts/messages.ts'\nvoid messages\n",
      "i18n/ imports a feature's messages relatively",
    ],
    [
      'renderer/src/i18n/x.ts',
      "import messages from '@renderer/features/sales/editor/messages'\nvoid messages\n",
      "i18n/ imports a feature's messages by alias",
    ],
    [
      'renderer/src/i18n/x.ts',
      "import words from '@renderer/ui/custom-values.messages'\nvoid words\n",
      "i18n/ imports a ui widget's messages",
    ],
    [
      'renderer/src/i18n/x.ts',
      "import { usePreferencesStore } from '../stores/preferences.ts'\nvoid usePreferencesStore\n",
      'i18n/ imports a store',
    ],
    ['renderer/src/i18n/x.ts', "import '../messages.ts'\n", "i18n/ imports the app's list of registrations"],
    [
      'document-reader/x.ts',
      "import { a } from '../platform/server.ts'\nvoid a\n",
      'the document reader imports platform/',
    ],
    [
      'document-reader/x.ts',
      "import { a } from '../electron/main/services/about.ts'\nvoid a\n",
      'the document reader imports electron/',
    ],
    [
      'renderer/src/views/x.ts',
      "import { a } from '../../../document-reader/index.ts'\nvoid a\n",
      'renderer imports document-reader/',
    ],
  ]
  for (const [file, code, what] of crossings) {
    it(`fails lint when ${what}`, async () => {
      expect(await wallErrors(file, code)).not.toHaveLength(0)
    })
  }

  const allowed: [string, string, string][] = [
    [
      'electron/main/services/x.ts',
      "import { analyseDocument } from '../../../document-reader/reader-host.ts'\nvoid analyseDocument\n",
      'a main-process service reads documents with the document reader',
    ],
    [
      'platform/files/x.ts',
      "import { analyseDocument } from '../../document-reader/reader-host.ts'\nvoid analyseDocument\n",
      'the platform reads documents with the document reader',
    ],
    [
      'electron/main/shell/x.ts',
      "import { app } from 'electron'\nvoid app\n",
      'the Electron layer imports electron',
    ],
    [
      'electron/main/index.ts',
      "import { app } from 'electron'\nvoid app\n",
      'the Electron entry imports electron',
    ],
    [
      'electron/preload/index.ts',
      "import { contextBridge } from 'electron'\nvoid contextBridge\n",
      'the preload imports electron',
    ],
    [
      'renderer/src/views/x.ts',
      "import { calls } from '@common/bridge/contract'\nvoid calls\n",
      'the renderer imports common/',
    ],
    [
      'platform/routes/x.ts',
      "import { createHash } from 'node:crypto'\nvoid createHash\n",
      'platform imports Node built-ins',
    ],
    [
      'platform/routes/x.ts',
      "import { UserStatus } from '../../common/status.ts'\nvoid UserStatus\n",
      'platform imports common/',
    ],
    [
      'renderer/src/features/shell/x.ts',
      "import { useMyApprovals } from '@renderer/features/approvals'\nvoid useMyApprovals\n",
      "a feature imports another feature's index",
    ],
    [
      'renderer/src/features/inbox/parts/x.ts',
      "import { a } from '../inbox-rows'\nimport { b } from '@renderer/data/schema'\nvoid a\nvoid b\n",
      'a feature imports its own files and data/',
    ],
    [
      'renderer/src/stores/x.ts',
      "import { openWorkspace } from '@renderer/data/schema'\nimport { useSessionStore } from './session.ts'\nvoid openWorkspace\nvoid useSessionStore\n",
      'a store imports data/ and another store',
    ],
    [
      'renderer/src/data/x.ts',
      "import { useBridge } from '@renderer/bridge'\nimport { SupplierInvoiceStatus } from '@common/status'\nvoid useBridge\nvoid SupplierInvoiceStatus\n",
      'data/ imports the bridge and common/',
    ],
    [
      'renderer/src/router/x.ts',
      "import InboxView from '@renderer/features/inbox/InboxView.vue'\nvoid InboxView\n",
      'the composition root wires features together',
    ],
    [
      'renderer/src/i18n/x.ts',
      "import type { Locale } from '@common/bridge/contract'\nimport checks from './check.messages.ts'\nexport type L = Locale\nvoid checks\n",
      'i18n/ imports common/ and its own files',
    ],
    [
      'renderer/src/features/contacts/x.ts',
      "import { registerMessages } from '@renderer/i18n'\nvoid registerMessages\n",
      'a feature registers its messages with i18n/',
    ],
  ]
  for (const [file, code, what] of allowed) {
    it(`passes lint when ${what}`, async () => {
      expect(await wallErrors(file, code)).toEqual([])
    })
  }
})

/** The import cycles lint reports for `code` linted as the file at `filePath` (the rest read from disk). */
async function cycleErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'ledgerdesk/no-import-cycle')
    .map((m) => m.message)
}

describe('import cycles', () => {
  // Each file below is real and imported by the file it now imports back, so the cycle closes on disk.
  const cycles: [string, string, string, string][] = [
    [
      'renderer/src/stores/session.ts',
      "import { useCompaniesStore } from './companies.ts'\nvoid useCompaniesStore\n",
      'renderer/src/stores/session.ts → renderer/src/stores/companies.ts → renderer/src/stores/session.ts',
      'two stores import each other',
    ],
    [
      'renderer/src/stores/session.ts',
      "import { useCompaniesStore } from '@renderer/stores/companies'\nvoid useCompaniesStore\n",
      'renderer/src/stores/companies.ts → renderer/src/stores/session.ts',
      'the cycle goes through an alias without a file ending',
    ],
    [
      'renderer/src/features/scan/store.ts',
      "import type ScanQueue from './ScanQueue.vue'\nexport type Queue = typeof ScanQueue\n",
      'renderer/src/features/scan/ScanQueue.vue → renderer/src/features/scan/store.ts',
      'a type-only import closes a cycle through a .vue file',
    ],
    [
      'renderer/src/features/scan/store.ts',
      "export const queue = () => import('./ScanQueue.vue')\n",
      'renderer/src/features/scan/ScanQueue.vue → renderer/src/features/scan/store.ts',
      'a late import() closes a cycle',
    ],
    [
      'common/bridge/names.ts',
      "export * from './contract.ts'\n",
      'common/bridge/names.ts → common/bridge/contract.ts → common/bridge/names.ts',
      'a re-export closes a cycle in common/',
    ],
    [
      'electron/main/services/about.ts',
      "import { runElectronApp } from '../shell/app.ts'\nvoid runElectronApp\n",
      'electron/main/services/about.ts → electron/main/shell/app.ts → electron/main/services/index.ts → electron/main/services/about.ts',
      'three modules of electron/ form a circle',
    ],
    [
      'platform/registry/types.ts',
      "import { registry } from './index.ts'\nvoid registry\n",
      'platform/registry/types.ts → platform/registry/index.ts',
      'a platform module imports what imports it',
    ],
  ]
  for (const [file, code, cycle, what] of cycles) {
    it(`fails lint when ${what}`, async () => {
      const errors = await cycleErrors(file, code)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toContain(cycle)
    })
  }

  it('passes lint when the imports flow one way', async () => {
    const code = "import { useSessionStore } from './session.ts'\nvoid useSessionStore\n"
    expect(await cycleErrors('renderer/src/stores/companies.ts', code)).toEqual([])
  })

  it('passes lint for the workspace counts, which name their tables instead of importing the schema', async () => {
    const file = 'renderer/src/data/company-counts.ts'
    expect(await cycleErrors(file, readFileSync(file, 'utf8'))).toEqual([])
  })
})
