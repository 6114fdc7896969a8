// Electron's entry point. Everything that touches Electron lives in ./shell; this file only starts it.
import { runElectronApp } from './shell/app.ts'

runElectronApp()
