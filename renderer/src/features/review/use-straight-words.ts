// The words of straight-through by rule: why an invoice was held back, and why one that went cannot be
// taken back, in the user's language with amounts and accounts as the language writes them.
import { useI18n } from 'vue-i18n'
import { shownAccountNumber } from '@common/bank-account'
import { fromOre } from '@common/money'
import { useFormat } from '@renderer/ui/use-format'
import { RANGE_MINIMUM, type HoldReason } from './logic/straight-rule.ts'
import type { UndoState } from './logic/straight-send.ts'

const fieldNames = new Set([
  'SupplierID',
  'InvoiceNumber',
  'InvoiceDate',
  'PaymentDueDate',
  'TaxInclusiveAmount',
  'PaymentID',
  'BankAccount',
])

export function useStraightWords() {
  const { t } = useI18n()
  const format = useFormat()
  const kr = (ore: number) => format.amount(fromOre(ore))

  function reasonText(reason: HoldReason): string {
    switch (reason.code) {
      case 'checkFailed':
        return t('straight.reason.checkFailed', {
          fields: reason.fields
            .map((field) => (fieldNames.has(field) ? t(`review.field.${field}`) : field))
            .join(', '),
        })
      case 'outsideRange':
        return t('straight.reason.outsideRange', {
          amount: kr(reason.amount),
          low: kr(reason.low),
          high: kr(reason.high),
        })
      case 'noRange':
        return t('straight.reason.noRange', { known: reason.known, minimum: RANGE_MINIMUM })
      case 'bankAccountChanged':
        return t('straight.reason.bankAccountChanged', { account: shownAccountNumber(reason.account) })
      case 'duplicate':
        return t('straight.reason.duplicate', { number: reason.number })
      default:
        return t(`straight.reason.${reason.code}`)
    }
  }

  const reasonsText = (reasons: readonly HoldReason[]) => reasons.map(reasonText).join('; ')

  function undoText(state: UndoState): string {
    return state.possible ? '' : t(`straight.undoState.${state.reason}`)
  }

  return { reasonText, reasonsText, undoText, kr }
}
