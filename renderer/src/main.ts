// The renderer's entry: build the app, reach main over the bridge, read the preferences, mount.
import 'primeicons/primeicons.css'
import './styles/base.css'
import { connectBridge } from './bridge/connect.ts'
import { createShell } from './app.ts'
import { showBootError } from './boot-error.ts'
import { usePreferencesStore } from './stores/preferences.ts'

async function start(root: HTMLElement): Promise<void> {
  const { app, pinia } = createShell()
  try {
    await connectBridge()
  } catch (error) {
    console.error('The bridge to the main process could not be connected', error)
    showBootError(root, error)
    return
  }
  try {
    // Before mounting, so the first paint is already in the user's language.
    await usePreferencesStore(pinia).load()
  } catch (error) {
    console.error('Reading the preferences failed; following the system language', error)
  }
  app.mount(root)
}

void start(document.getElementById('app')!)
