// What the viewer page shows and what the viewer told it (events), driven by the test through main.ts.
import { reactive } from 'vue'
import type { ViewerBox, ViewerWord } from '@renderer/ui/document-viewer/index.ts'

export interface HarnessState {
  source: Blob | null
  contentType: string
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
