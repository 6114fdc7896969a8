// Factoring of one company (spec 2.11, 4.4): the stored setups with their accounts and KID type, activating
// a setup (PUT factoringsettings?action=activate-factoring) and deactivating factoring
// (?action=deactivate-factoring). The list does not say which setup is active (spec 4.4), so main keeps the
// answer of the last activation or deactivation made from this app, per environment and company, and says
// when it was made; the renderer words what that does and does not know.
import type {
  FactoringActivation,
  FactoringActiveAnswer,
  FactoringOverview,
  FactoringSetupView,
} from '../../../../common/bridge/admin-factoring.ts'
import type { KeyValueStore } from '../../ports.ts'
import type { ApiClient } from '../api/client.ts'

type Row = Record<string, unknown>

const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}
const obj = (v: unknown): Row | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Row) : null
/** No default page size is documented (field notes): lists are read a thousand rows at a time. */
const PAGE = 1000
/** spec 2.11: the relations a stored record expands to. */
const EXPAND = 'FactoringAccount,FactoringLoanAccount,FactoringBankAccount,FactoringPaymentInfoType'
/** The KID type's parts come with it where the platform nests them (spec 2.9 `PaymentInfoTypeParts`). */
const EXPAND_WITH_PARTS = `${EXPAND},FactoringPaymentInfoType.PaymentInfoTypeParts`

function account(v: unknown): FactoringSetupView['FactoringAccount'] {
  const a = obj(v)
  return a && num(a.ID)
    ? { ID: num(a.ID)!, AccountNumber: num(a.AccountNumber), AccountName: str(a.AccountName) }
    : null
}

export function toSetupView(row: Row): FactoringSetupView {
  const bank = obj(row.FactoringBankAccount)
  const kid = obj(row.FactoringPaymentInfoType)
  const parts = Array.isArray(kid?.PaymentInfoTypeParts) ? (kid.PaymentInfoTypeParts as unknown[]) : []
  return {
    ID: Number(row.ID),
    FactoringCustomerNumber: str(row.FactoringCustomerNumber),
    FactoringDistribution: num(row.FactoringDistribution) ?? 0,
    FactoringNotificationText: str(row.FactoringNotificationText),
    SkipJournalEntry: row.SkipJournalEntry === true,
    FactoringAccount: account(row.FactoringAccount),
    FactoringLoanAccount: account(row.FactoringLoanAccount),
    FactoringBankAccount: bank ? str(bank.AccountNumber) || str(bank.IBAN) || null : null,
    FactoringPaymentInfoType: kid
      ? {
          Name: str(kid.Name),
          Length: num(kid.Length),
          Modulus: num(kid.Modulus),
          Parts: parts
            .map(obj)
            .filter((p): p is Row => p !== null && p.Deleted !== true)
            .map((p) => ({ Part: str(p.Part), Length: num(p.Length) ?? 0, SortIndex: num(p.SortIndex) ?? 0 }))
            .sort((a, b) => a.SortIndex - b.SortIndex),
        }
      : null,
    CreatedAt: str(row.CreatedAt) || null,
  }
}

/** The activation body of spec 2.11: the KID setup is sent with all the fields the spec lists for it. */
export function activationBody(a: FactoringActivation): Row {
  return {
    BankAccountNumber: a.BankAccountNumber,
    FactoringAccountNumber: a.FactoringAccountNumber,
    FactoringLoanAccountNumber: a.FactoringLoanAccountNumber,
    FactoringCustomerNumber: a.FactoringCustomerNumber,
    FactoringDistribution: a.FactoringDistribution,
    FactoringPaymentInfo: {
      Name: a.FactoringPaymentInfo.Name,
      Length: a.FactoringPaymentInfo.Length,
      Modulus: a.FactoringPaymentInfo.Modulus,
      HasKid: true,
      // spec 2.9: 42400 is an active KID type; Type 1 is a regular KID (field notes).
      StatusCode: 42400,
      Type: 1,
      PaymentInfoTypeParts: [...a.FactoringPaymentInfo.PaymentInfoTypeParts].sort(
        (x, y) => x.SortIndex - y.SortIndex,
      ),
    },
    NotificationsText: a.NotificationsText,
    SkipJournalEntry: a.SkipJournalEntry,
  }
}

export function createFactoringService(deps: {
  api(): Promise<ApiClient>
  /** Where the last answer per environment and company is kept. */
  store: KeyValueStore
  /** The signed-in environment, or null when no one is signed in. */
  environment(): Promise<string | null>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())

  async function recordKey(companyKey: string): Promise<string> {
    return `${(await deps.environment()) ?? 'none'}:${companyKey}`
  }
  async function lastAnswer(companyKey: string): Promise<FactoringActiveAnswer | null> {
    const stored = obj(deps.store.get(await recordKey(companyKey)))
    return stored && typeof stored.at === 'string' ? { setupId: num(stored.setupId), at: stored.at } : null
  }
  async function remember(companyKey: string, setupId: number | null): Promise<void> {
    const answer: FactoringActiveAnswer = { setupId, at: now().toISOString() }
    deps.store.set(await recordKey(companyKey), answer)
  }

  async function setups(companyKey: string): Promise<FactoringSetupView[]> {
    const api = await deps.api()
    const out: FactoringSetupView[] = []
    for (let skip = 0; ; skip += PAGE) {
      const page = await api.get<Row[]>('api/biz/factoringsettings', {
        companyKey,
        query: { expand: EXPAND_WITH_PARTS, orderby: 'ID desc', top: PAGE, ...(skip ? { skip } : {}) },
      })
      const list = Array.isArray(page) ? page : []
      out.push(...list.filter((r) => r.Deleted !== true).map(toSetupView))
      if (list.length < PAGE) return out
    }
  }

  async function overview(companyKey: string): Promise<FactoringOverview> {
    const [list, answer] = await Promise.all([setups(companyKey), lastAnswer(companyKey)])
    return { setups: list, lastAnswer: answer }
  }

  return {
    overview,
    async activate(companyKey: string, activation: FactoringActivation): Promise<FactoringOverview> {
      const api = await deps.api()
      // spec 4.4: the answer is the created setup; the activation is the one this app now knows is active.
      const created = await api.put<unknown>('api/biz/factoringsettings', activationBody(activation), {
        companyKey,
        query: { action: 'activate-factoring' },
      })
      const id = num(obj(created)?.ID)
      await remember(companyKey, id)
      return overview(companyKey)
    },
    async deactivate(companyKey: string): Promise<FactoringOverview> {
      const api = await deps.api()
      await api.put<unknown>('api/biz/factoringsettings', undefined, {
        companyKey,
        query: { action: 'deactivate-factoring' },
      })
      await remember(companyKey, null)
      return overview(companyKey)
    },
  }
}
