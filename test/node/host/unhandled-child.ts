// A process as the hosts start: the guards installed, then a promise rejected that nobody handles.
// Prints "alive" if the process outlived it.
import { installProcessGuards } from '../../../electron/main/process-guards.ts'
import { consoleLogger } from '../../../electron/main/logger.ts'

installProcessGuards(consoleLogger)
void Promise.reject(Object.assign(new Error('a scan run broke in its catch path'), { code: 'ENOTDIR' }))
setTimeout(() => console.log('alive'), 200)
