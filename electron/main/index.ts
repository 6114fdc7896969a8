// Electron's entry point. Everything that touches Electron lives in ./shell; this file only starts it.
import { consoleLogger } from './logger.ts'
import { installProcessGuards } from './process-guards.ts'
import { runElectronApp } from './shell/app.ts'

installProcessGuards(consoleLogger)
runElectronApp()
