// The transport-independent half of the bridge: check the call name, parse the arguments with the
// contract's schema, run the service, and answer with a result value. IPC and the WebSocket host both
// hand every call to a dispatcher, so both enforce the same contract.
import {
  BridgeError,
  BridgeErrorCode,
  calls,
  isCallName,
  type BridgeErrorShape,
  type BridgeResult,
  type CallName,
  type CallResult,
  type ParsedCallArgs,
} from '../../../common/bridge/contract.ts'
import type { Logger } from '../logger.ts'

export type Handlers = {
  [K in CallName]: (...args: ParsedCallArgs<K>) => Promise<CallResult<K>> | CallResult<K>
}

export type Dispatch = (name: unknown, args: unknown) => Promise<BridgeResult>

export function createDispatcher(handlers: Handlers, log: Logger): Dispatch {
  return async function dispatch(name, args) {
    if (!isCallName(name)) {
      return failure(new BridgeError(BridgeErrorCode.UnknownCall, `Unknown bridge call: ${String(name)}`))
    }
    const spec = calls[name]
    const parsed = spec.args.safeParse(args)
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({
        path: i.path.map(String),
        code: i.code,
        message: i.message,
      }))
      return failure(
        new BridgeError(BridgeErrorCode.InvalidArguments, `Invalid arguments for ${name}`, { issues }),
      )
    }
    try {
      const handler = handlers[name] as (...a: unknown[]) => unknown
      const value = await handler(...(parsed.data as unknown[]))
      const checked = spec.result.safeParse(value)
      if (!checked.success) {
        log.error(`bridge: ${name} returned a value outside the contract`, { issues: checked.error.issues })
        return failure(new BridgeError(BridgeErrorCode.Internal, `${name} failed inside Ledgerdesk`))
      }
      return { ok: true, value: checked.data }
    } catch (error) {
      return failure(toErrorShape(name, error, log))
    }
  }
}

function failure(error: BridgeError | BridgeErrorShape): BridgeResult {
  return { ok: false, error: error instanceof BridgeError ? error.toShape() : error }
}

/**
 * Errors that declare a stable code (BridgeError, the platform client's typed errors) cross as they are;
 * anything else is a defect: it is logged with its stack and crosses as INTERNAL without internals.
 */
export function toErrorShape(name: string, error: unknown, log: Logger): BridgeErrorShape {
  if (error instanceof BridgeError) return error.toShape()
  if (isTypedError(error)) {
    return {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    }
  }
  log.error(`bridge: ${name} failed`, { error })
  return { code: BridgeErrorCode.Internal, message: `${name} failed inside Ledgerdesk` }
}

function isTypedError(error: unknown): error is Error & { code: string; details?: unknown } {
  return (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === 'string' &&
    // Node's system errors (ENOENT, EACCES…) carry a code too, but they are failures, not answers.
    !('errno' in error) &&
    !('syscall' in error)
  )
}
