// What the code picker offers: accounts, VAT codes, departments and projects as one shape (a code and a
// name), and the typeahead over them. A code typed exactly comes first, then codes that start with what is
// typed, then names that contain it, each group in the company's own order, so `1` offers VAT code 1
// before 11 and 12, and Enter takes the code the user typed.

/** One choice: its platform ID, the code it is typed by (account number, VAT code, number), its name. */
export interface PickOption {
  id: number
  code: string
  name: string
  /** A short note shown beside the choice (an account's default VAT code). */
  hint?: string
}

/** How a choice reads in a list and in a cell: `6300 Leie lokale`, `1 Inngående mva 25 %`. */
export const optionLabel = (option: PickOption): string => `${option.code} ${option.name}`.trim()

/** The choices that match what is typed, best first; all of them (to `limit`) for an empty text. */
export function matchOptions(options: readonly PickOption[], text: string, limit = 10): PickOption[] {
  const q = text.trim().toLowerCase()
  if (!q) return options.slice(0, limit)
  const exact: PickOption[] = []
  const starts: PickOption[] = []
  const named: PickOption[] = []
  for (const option of options) {
    const code = option.code.toLowerCase()
    if (code === q) exact.push(option)
    else if (code.startsWith(q)) starts.push(option)
    else if (option.name.toLowerCase().includes(q) || optionLabel(option).toLowerCase().startsWith(q))
      named.push(option)
  }
  return [...exact, ...starts, ...named].slice(0, limit)
}

/** The company's accounts by number; `hint` adds a note per account (its default VAT code). */
export function accountOptions<A extends { ID: number; AccountNumber: number; AccountName: string }>(
  accounts: readonly A[],
  hint?: (account: A) => string,
): PickOption[] {
  return accounts.map((a) => ({
    id: a.ID,
    code: String(a.AccountNumber),
    name: a.AccountName,
    hint: hint?.(a) || undefined,
  }))
}

/** VAT types by their SAF-T code (a type without one is typed by its name). */
export function vatTypeOptions(
  vatTypes: readonly { ID: number; VatCode?: string | null; Name: string }[],
): PickOption[] {
  return vatTypes.map((v) => ({ id: v.ID, code: v.VatCode ?? '', name: v.Name }))
}

/** Departments or projects by their number. */
export function dimensionOptions(
  dimensions: readonly { ID: number; Number: string; Name: string }[],
): PickOption[] {
  return dimensions.map((d) => ({ id: d.ID, code: d.Number, name: d.Name }))
}
