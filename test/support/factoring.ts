// The spec 2.11 factoring activation example the factoring suites send, and the company's own bank account
// it names.
import type { FactoringActivation } from '../../common/bridge/admin-factoring.ts'

/**
 * The example: prefix from the factoring customer number, customer, invoice, code, check digit; the
 * invoices are paid to `bankAccountNumber`.
 */
export const exampleActivation = (bankAccountNumber: string): FactoringActivation => ({
  BankAccountNumber: bankAccountNumber,
  FactoringAccountNumber: 1510,
  FactoringLoanAccountNumber: 2380,
  FactoringCustomerNumber: '4711',
  FactoringDistribution: 1,
  NotificationsText: 'Fakturaen er overdratt til Factoring AS',
  SkipJournalEntry: false,
  FactoringPaymentInfo: {
    Name: 'Factoring KID',
    Modulus: 10,
    Length: 20,
    PaymentInfoTypeParts: [
      { Part: 'kid_prefix', Length: 4, SortIndex: 1 },
      { Part: 'customer_number', Length: 5, SortIndex: 2 },
      { Part: 'invoice_number', Length: 9, SortIndex: 3 },
      { Part: 'kid_code', Length: 1, SortIndex: 4 },
      { Part: 'check_digit', Length: 1, SortIndex: 5 },
    ],
  },
})

/** The account number of the company's default bank account, read with `get` (a GET in the company). */
export async function defaultBankAccountNumber(
  get: (path: string) => Promise<{ body: unknown }>,
): Promise<string> {
  const [settings] = (await get('api/biz/companysettings')).body as { DefaultBankAccountID: number }[]
  const banks = await get(`api/biz/bankaccounts?filter=ID eq ${settings!.DefaultBankAccountID}`)
  return (banks.body as { AccountNumber: string }[])[0]!.AccountNumber
}
