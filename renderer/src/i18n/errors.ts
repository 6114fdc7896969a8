// A bridge error in plain words for the user, with its code kept for support.
import { BridgeErrorCode } from '@common/bridge/contract'
import type { Messages } from './en.ts'

type ErrorKey = `errors.${keyof Messages['errors']}`

const plainWords: Record<string, ErrorKey> = {
  [BridgeErrorCode.Disconnected]: 'errors.disconnected',
  [BridgeErrorCode.Timeout]: 'errors.timeout',
  [BridgeErrorCode.NoSession]: 'errors.noSession',
  [BridgeErrorCode.NotAvailableInBrowserMode]: 'errors.notAvailableInBrowserMode',
}

export interface ErrorDescription {
  /** The i18n key of the sentence to show. */
  key: ErrorKey
  /** The error's stable code, when it has one. */
  code: string | undefined
  /** The error's own message, for codes without a sentence of their own. */
  detail: string | undefined
}

export function describeError(error: unknown): ErrorDescription {
  const code =
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
      ? (error as { code: string }).code
      : undefined
  const key = (code && plainWords[code]) || 'errors.unexpected'
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  return { key, code, detail: key === 'errors.unexpected' ? message : undefined }
}
