// Builds the renderer app with all its plugins; main.ts mounts it, DOM tests mount the same thing.
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import type { RouterHistory } from 'vue-router'
import PrimeVue from 'primevue/config'
import ToastService from 'primevue/toastservice'
import ConfirmationService from 'primevue/confirmationservice'
import DialogService from 'primevue/dialogservice'
import Tooltip from 'primevue/tooltip'
import App from './App.vue'
import { createAppI18n } from './i18n/index.ts'
import './messages.ts'
import { createAppRouter } from './router/index.ts'
import { primeVueOptions } from './theme.ts'

export function createShell(options: { history?: RouterHistory } = {}) {
  const app = createApp(App)
  const pinia = createPinia()
  const router = createAppRouter(options.history)
  const i18n = createAppI18n()
  app.use(pinia)
  app.use(router)
  app.use(i18n)
  app.use(PrimeVue, primeVueOptions)
  app.use(ToastService)
  app.use(ConfirmationService)
  app.use(DialogService)
  app.directive('tooltip', Tooltip)
  return { app, pinia, router, i18n }
}
