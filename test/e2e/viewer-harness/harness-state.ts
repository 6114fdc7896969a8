// What the viewer page shows and what the viewer told it (events), driven by the test through main.ts.
import { reactive } from 'vue'
import type { UpcomingDocument, ViewerBox, ViewerWord } from '@renderer/ui/document-viewer/index.ts'

export interface HarnessState {
  source: Blob | null
  contentType: string
  documentKey: string | null
  upcoming: UpcomingDocument[]
  /** Documents shown that had been opened ahead. */
  aheadLoads: number
  boxes: ViewerBox[]
  words: ViewerWord[]
  activeBoxId: string | number | null
  width: number
  height: number
  loads: number
  errors: string[]
  clickedWords: string[]
  rendered: { page: number; ms: number }[]
}

export const state = reactive<HarnessState>({
  source: null,
  contentType: '',
  documentKey: null,
  upcoming: [],
  aheadLoads: 0,
  boxes: [],
  words: [],
  activeBoxId: null,
  width: 900,
  height: 760,
  loads: 0,
  errors: [],
  clickedWords: [],
  rendered: [],
})
