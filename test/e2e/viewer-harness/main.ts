// A page with the document viewer alone, for the viewer's end-to-end checks and its benchmark: the app's
// own i18n, PrimeVue theme and styles, and a small API on `window.viewerHarness` the test drives.
import 'primeicons/primeicons.css'
import '@renderer/styles/base.css'
import { createApp, watch } from 'vue'
import PrimeVue from 'primevue/config'
import { createAppI18n } from '@renderer/i18n/index.ts'
import { primeVueOptions } from '@renderer/theme.ts'
import HarnessApp from './HarnessApp.vue'
import { state } from './harness-state.ts'

const i18n = createAppI18n('en')
const harness = {
  state,
  async open(url: string, contentType = '', key: string | null = null) {
    const blob = await (await fetch(url)).blob()
    state.rendered = []
    state.contentType = contentType
    state.documentKey = key
    state.source = blob
  },
  /** Names the fixture at `url` as the document likely shown next, under `key`. */
  async upcoming(url: string, key: string) {
    const blob = await (await fetch(url)).blob()
    state.upcoming = [{ key, source: blob, contentType: blob.type }]
  },
  /** Opens a fixture and answers the milliseconds until its first page is drawn. */
  async showAndWait(url: string, contentType = ''): Promise<number> {
    const bytes = await (await fetch(url)).blob()
    const started = performance.now()
    const drawn = new Promise<void>((resolve) => {
      const stop = watch(
        () => state.rendered.some((r) => r.page === 1),
        (yes) => {
          if (!yes) return
          stop()
          resolve()
        },
      )
    })
    state.rendered = []
    state.contentType = contentType
    state.source = bytes
    await drawn
    return performance.now() - started
  },
  close() {
    state.source = null
  },
  setLocale(locale: 'nb' | 'en') {
    i18n.global.locale.value = locale
    document.documentElement.lang = locale
  },
  /** Canvases drawn on the main pages right now (thumbnails not counted). */
  drawnPages(): number[] {
    return [...document.querySelectorAll<HTMLElement>('.dv__page')]
      .filter((p) => p.querySelector('canvas[data-rendered="true"]'))
      .map((p) => Number(p.dataset.page))
  },
}
Object.assign(globalThis, { viewerHarness: harness })

createApp(HarnessApp).use(i18n).use(PrimeVue, primeVueOptions).mount('#app')
