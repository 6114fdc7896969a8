// The walls of ARCHITECTURE.md are lint rules; these tests prove each wall fails the lint step
// (npm test) when crossed, and that the allowed imports pass.
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
  ]
  for (const [file, code, what] of crossings) {
    it(`fails lint when ${what}`, async () => {
      expect(await wallErrors(file, code)).not.toHaveLength(0)
    })
  }

  const allowed: [string, string, string][] = [
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
      'renderer/src/router/x.ts',
      "import { a } from '@renderer/features/inbox/scan-slot'\nvoid a\n",
      'the composition root wires features together',
    ],
  ]
  for (const [file, code, what] of allowed) {
    it(`passes lint when ${what}`, async () => {
      expect(await wallErrors(file, code)).toEqual([])
    })
  }
})
