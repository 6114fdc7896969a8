// How the end-to-end suite finds what it drives: as a user and a screen reader do, by role and accessible
// name, in whichever of the app's two languages the page shows. Words are given as [English, Norwegian].
import type { Locator, Page } from 'playwright-core'

/** The words in English, then Norwegian (and any further forms the same thing may take). */
export type Words = readonly [en: string, nb: string, ...more: string[]]

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A name in either language. `whole` (the default) matches the name exactly; `start` matches a name that
 * begins with the words (a link followed by its count, a button followed by a shortcut); `within` matches
 * the words anywhere in it.
 */
export function either(words: Words, match: 'whole' | 'start' | 'within' = 'whole'): RegExp {
  const alternatives = `(${words.map(escape).join('|')})`
  if (match === 'start') return new RegExp(`^${alternatives}(\\W|$)`)
  if (match === 'within') return new RegExp(alternatives)
  return new RegExp(`^${alternatives}$`)
}

export type ViewName =
  | 'overview'
  | 'desk'
  | 'inbox'
  | 'review'
  | 'journal'
  | 'approvals'
  | 'sales'
  | 'contacts'
  | 'admin'
  | 'settings'
  | 'about'

/** The sidebar's words for each view. */
const VIEW_LINKS: Record<ViewName, Words> = {
  overview: ['Companies', 'Selskaper'],
  desk: ['Desk', 'Arbeidsbord'],
  inbox: ['Inbox', 'Innboks'],
  review: ['Review', 'Kontroll'],
  journal: ['Journal', 'Bilagsføring'],
  approvals: ['Approvals', 'Godkjenninger'],
  sales: ['Sales', 'Salg'],
  contacts: ['Contacts', 'Kontakter'],
  admin: ['Admin', 'Administrasjon'],
  settings: ['Settings', 'Innstillinger'],
  about: ['About', 'Om'],
}

/** The heading the top bar shows for each view. */
const VIEW_TITLES: Record<ViewName, Words> = {
  ...VIEW_LINKS,
  desk: ['Review desk', 'Arbeidsbord'],
  admin: ['Administration', 'Administrasjon'],
  about: ['About Ledgerdesk', 'Om Ledgerdesk'],
}

export const sidebar = (page: Page) =>
  page.getByRole('navigation', { name: either(['Main navigation', 'Hovedmeny']) })

/** The sidebar's link to a view (its name may carry a count after the words). */
export const navLink = (page: Page, view: ViewName) =>
  sidebar(page).getByRole('link', { name: either(VIEW_LINKS[view], 'start') })

/** The top bar's heading while `view` is open: visible exactly when that view is shown. */
export const viewHeading = (page: Page, view: ViewName) =>
  page.getByRole('heading', { level: 1, name: either(VIEW_TITLES[view]) })

/** The open view: the workspace's main landmark. */
export const workspace = (page: Page) => page.getByRole('main')

/** Opens a view from the sidebar and waits until its heading shows. */
export async function openView(page: Page, view: ViewName, timeout = 15_000): Promise<void> {
  await navLink(page, view).click()
  await viewHeading(page, view).waitFor({ timeout })
}

/** The top bar's company switcher; its name says the company that is open. */
export const companySwitcher = (page: Page) =>
  page.getByRole('button', { name: either(['Company:', 'Selskap:'], 'start') })

/** The company switcher while it names `company`. */
export const companyOpen = (page: Page, company: string) =>
  page.getByRole('button', { name: new RegExp(`^(Company|Selskap): ${escape(company)}(\\s|$)`) })

/** The company switcher's list, its search field, and one company in it (options are named by the company). */
export const companyList = (page: Page) =>
  page.getByRole('listbox', { name: either(['Choose company', 'Velg selskap']) })
export const companySearch = (page: Page) =>
  page.getByRole('searchbox', { name: either(['Search companies', 'Søk etter selskap']) })
export const companyOption = (page: Page, company: string) =>
  companyList(page).getByRole('option', { name: company, exact: true })

/** The accessible name of `locator`'s element, as the accessibility tree gives it to a screen reader. */
export async function accessibleName(locator: Locator): Promise<string> {
  // The snapshot's first line is a YAML list item, `- role "name" [state]`, itself quoted when it holds a colon.
  let line = (await locator.ariaSnapshot()).split('\n')[0]!.replace(/^- /, '')
  if (line.startsWith("'")) line = line.slice(1, line.lastIndexOf("'")).replace(/''/g, "'")
  const quoted = /^[\w-]+ ("(?:[^"\\]|\\.)*")/.exec(line)
  return quoted ? (JSON.parse(quoted[1]!) as string) : ''
}

/** The company the top bar's switcher names as open (its name: "Company: <name> [Test] Ctrl+K"). */
export async function currentCompany(page: Page): Promise<string> {
  const name = await accessibleName(companySwitcher(page))
  return name
    .replace(/^(Company|Selskap):\s*/, '')
    .replace(/\s*Ctrl\+K$/, '')
    .replace(/\s+(Test)$/, '')
}

/** The account button in the top bar (named "Account: <the user's name>"). */
export const accountMenu = (page: Page) =>
  page.getByRole('button', { name: either(['Account:', 'Konto:'], 'start') })

/** Signs out from the account menu. */
export async function signOut(page: Page): Promise<void> {
  await accountMenu(page).click()
  await page.getByRole('button', { name: either(['Sign out', 'Logg ut']) }).click()
}

/** The top bar's sync state button, named by the connection it shows; `data-state` holds the state's key. */
export const syncState = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: either(SYNC_STATES, 'start') })

const SYNC_STATES: Words = [
  'Online',
  'Tilkoblet',
  'Offline',
  'Frakoblet',
  'Signed out',
  'Logget ut',
  'Server error',
  'Serverfeil',
  'Connecting…',
  'Kobler til…',
]

/** The top bar's "Sync now" button (named "Syncing…" while a round runs). */
export const syncNowButton = (page: Page) =>
  page.getByRole('button', { name: either(['Sync now', 'Synkroniser nå', 'Syncing…', 'Synkroniserer…']) })

/** A PrimeVue Select found by its label: opens it and picks the option named `option`. */
export async function choose(select: Locator, option: string | RegExp): Promise<void> {
  await select.click()
  await select.page().getByRole('option', { name: option }).click()
}

/** The sign-in view, known by its heading. */
export const signInHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: either(['Sign in to Ledgerdesk', 'Logg inn i Ledgerdesk']) })

/** The Local sandbox's state on the sign-in view; `data-state` holds its key (stopped, starting, ready, failed). */
export const sandboxStatus = (page: Page) =>
  page.getByRole('status', { name: either(['Local sandbox', 'Lokal sandkasse']) })

/**
 * The app's link to its background service, shown only while it is not connected (so found hidden too);
 * `data-state` holds its key (connected, connecting, disconnected).
 */
export const connectionState = (page: Page) =>
  page.getByRole('status', {
    name: either(['Connected', 'Tilkoblet', 'Connecting…', 'Kobler til …', 'Offline', 'Frakoblet'], 'start'),
    includeHidden: true,
  })

/** The value a description list gives for a term (`<dt>term</dt><dd>value</dd>`). */
export const definition = (scope: Page | Locator, term: Words) =>
  scope
    .getByRole('term')
    .filter({ hasText: either(term) })
    .locator('xpath=following-sibling::dd[1]')

/** The sign-in view's "Sign in" button. */
export const signInButton = (page: Page) =>
  page.getByRole('button', { name: either(['Sign in', 'Logg inn']) })

/** Settings' language list, and its options (each named in its own language, whatever the page's). */
export const languageSelect = (page: Page) =>
  page.getByRole('combobox', { name: either(['Language', 'Språk']) })
export const languageOption = (page: Page, language: 'nb' | 'en') =>
  page.getByRole('option', { name: language === 'nb' ? 'Norsk bokmål' : 'English', exact: true })

/** A table's body rows that have a cell reading exactly `text` (a company, a supplier, an invoice number). */
export const rowsWith = (table: Locator, text: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('cell', { name: text, exact: true }) })

/** My approvals: the list of every company's approvals waiting for the user. */
export const myApprovals = (page: Page) =>
  page.getByRole('table', { name: either(['My approvals', 'Mine godkjenninger']) })

/** The approval flow of the selected invoice (steps, approvers, rule). */
export const flowPanel = (page: Page) =>
  page.getByRole('region', { name: either(['Approval flow', 'Godkjenningsflyt']) })

/** The journal's attachments of one entry (a list item named "Entry 1"), and the documents attached to it. */
export const entryAttachments = (page: Page, entry: number) =>
  page.getByRole('listitem', { name: either([`Entry ${entry}`, `Bilag ${entry}`]) })
export async function attachedDocuments(entry: Locator): Promise<string[]> {
  // Each attached document has its remove button, "Remove <name> from entry <n>".
  const buttons = entry.getByRole('button', { name: /^(Remove|Fjern) .+ (from entry|fra bilag) \d+$/ })
  const names = await Promise.all((await buttons.all()).map(accessibleName))
  return names.map((name) => name.replace(/^(Remove|Fjern) /, '').replace(/ (from entry|fra bilag) \d+$/, ''))
}

/** Settings → Offline data, and its table's cell for a company in a column. */
export const offlineData = (page: Page) =>
  page.getByRole('region', { name: either(['Offline data', 'Frakoblede data']) })
export async function tableCell(table: Locator, rowHeader: string, column: Words): Promise<Locator> {
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim())
  const index = headers.findIndex((h) => either(column).test(h))
  if (index < 0) throw new Error(`no column ${column.join(' / ')} in ${headers.join(', ')}`)
  const row = table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: rowHeader }) })
  // The row header is the first column; cells follow it.
  return row.getByRole('cell').nth(index - 1)
}

/** The review's form of the open invoice; `data-invoice` holds the invoice's id. */
export const reviewForm = (page: Page) => page.getByRole('form', { name: either(['Invoice', 'Faktura']) })

const COST_LINE_FIELDS = {
  account: ['Account', 'Konto'],
  vat: ['VAT code', 'Mva-kode'],
  amount: ['Amount incl. VAT', 'Beløp inkl. mva.'],
  description: ['Description', 'Beskrivelse'],
} as const satisfies Record<string, Words>

/** A field of the review's cost lines, by its label ("Amount incl. VAT, line 1"); `line` counts from 1. */
export const costLineField = (page: Page, field: keyof typeof COST_LINE_FIELDS, line: number) => {
  const [en, nb] = COST_LINE_FIELDS[field]
  return page.getByLabel(either([`${en}, line ${line}`, `${nb}, linje ${line}`]))
}

/** Every cost line's field of one kind. */
export const costLineFields = (page: Page, field: keyof typeof COST_LINE_FIELDS) => {
  const [en, nb] = COST_LINE_FIELDS[field]
  return page.getByLabel(new RegExp(`^(${escape(en)}, line|${escape(nb)}, linje) \\d+$`))
}

/** The document viewer's reading of a structured e-invoice or credit note. */
export const structuredInvoice = (page: Page) =>
  page.getByRole('article', {
    name: either(['E-invoice', 'E-faktura', 'E-credit note', 'E-kreditnota'], 'start'),
  })

/** A live status within `scope` whose text matches (an outcome, an answer, a state that changes). */
export const statusSaying = (scope: Page | Locator, text: string | RegExp) =>
  scope.getByRole('status').filter({ hasText: text })

/** Admin's section buttons ("Users and roles", "Factoring", …). */
export const adminSection = (page: Page, words: Words) =>
  page
    .getByRole('navigation', { name: either(['Sections of Admin', 'Deler av Admin']) })
    .getByRole('button', { name: either(words) })

/** The cell of `row` in the column headed by `column` (a table without row headers). */
export async function cellOf(table: Locator, row: Locator, column: Words): Promise<Locator> {
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim())
  const index = headers.findIndex((h) => either(column).test(h))
  if (index < 0) throw new Error(`no column ${column.join(' / ')} in ${headers.join(', ')}`)
  return row.getByRole('cell').nth(index)
}

/** The inbox's queue of scanned documents, and a document's row in it (its first cell is the file name). */
export const scanQueue = (page: Page) =>
  page.getByRole('region', { name: either(['Scanned documents', 'Skannede dokumenter']) })
export const scanRow = (page: Page, file: string) => rowsWith(scanQueue(page), file)

/** Settings → Scan folders, and a folder's row (known by its buttons, which name the whole path). */
export const scanFolders = (page: Page) =>
  page.getByRole('region', { name: either(['Scan folders', 'Skannemapper']) })
export const scanFolderRow = (page: Page, path: string) =>
  scanFolders(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: path }) })

/** A list view's table (the inbox, the contacts register, the sales list), by its accessible name. */
export const listTable = (scope: Page | Locator, name: Words) =>
  scope.getByRole('table', { name: either(name) })

/**
 * A list view's rows of data: each carries aria-selected (the list selects the open row); the row of an
 * empty table's message does not.
 */
export const dataRows = (table: Locator) =>
  table.locator('tbody').getByRole('row').and(table.page().locator('[aria-selected]'))

/** A list view's tab, named by its words and then its count ("Drafts 2"). */
export const listTab = (scope: Page | Locator, words: Words) =>
  scope.getByRole('tab', { name: either(words, 'start') })

/** A button named by its words and then a count (a list's filter: "Duplicates 2"). */
export const countedButton = (scope: Page | Locator, words: Words) =>
  scope.getByRole('button', { name: either(words, 'start') })

/** The count a tab or button says at the end of its accessible name (NaN when it says none). */
export async function countIn(control: Locator): Promise<number> {
  const found = /(\d+)$/.exec((await accessibleName(control)).trim())
  return found ? Number(found[1]) : Number.NaN
}

/** The accessible description of `locator`'s element: the text of what its aria-describedby names. */
export const accessibleDescription = (locator: Locator) =>
  locator.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id: string) => el.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  )

/** The value a description list gives for a term that begins with the words (a rate, a currency after it). */
export const definitionStarting = (scope: Page | Locator, term: Words) =>
  scope
    .getByRole('term')
    .filter({ hasText: either(term, 'start') })
    .locator('xpath=following-sibling::dd[1]')

const REVIEW_FIELDS = {
  InvoiceNumber: ['Invoice number', 'Fakturanummer'],
  InvoiceDate: ['Invoice date', 'Fakturadato'],
  PaymentDueDate: ['Due date', 'Forfallsdato'],
  TaxInclusiveAmount: ['Total incl. VAT', 'Sum inkl. mva.'],
  PaymentID: ['KID', 'KID'],
  BankAccount: ['Bank account or IBAN', 'Kontonummer eller IBAN'],
} as const satisfies Record<string, Words>

/** A field the review reads from the document (a combobox of what was read), by its label. */
export const reviewField = (page: Page, field: keyof typeof REVIEW_FIELDS) =>
  reviewForm(page).getByRole('combobox', { name: either(REVIEW_FIELDS[field]) })

/** The review's place in its queue ("3 of 12"), a live status in the queue's navigation. */
export const reviewCounter = (page: Page) =>
  page.getByRole('navigation', { name: either(['Review queue', 'Kontrollkø']) }).getByRole('status')

/** The review's document pane (the page images and the boxes of what was read). */
export const reviewDocument = (page: Page) =>
  page.getByRole('region', { name: either(['Document', 'Dokument']) })

/** The review's cost lines (the fieldset) and the VAT a line comes to (an output named "VAT amount, line 1"). */
export const costLines = (page: Page) =>
  reviewForm(page).getByRole('group', { name: either(['Cost lines', 'Konteringslinjer']) })
export const costLineVat = (page: Page, line: number) =>
  costLines(page).getByRole('status', {
    name: either([`VAT amount, line ${line}`, `Mva-beløp, linje ${line}`]),
  })

/** A dialog by its title. */
export const dialogNamed = (page: Page, title: Words) => page.getByRole('dialog', { name: either(title) })

/** The invoice editor of Sales: a region named by its title ("New invoice", "Invoice 10042", …). */
export const salesEditor = (page: Page) =>
  page.getByRole('region', {
    name: either(
      [
        'New invoice',
        'Ny faktura',
        'Invoice draft',
        'Fakturakladd',
        'Credit note draft',
        'Kreditnotakladd',
        'Invoice',
        'Faktura',
        'Credit note',
        'Kreditnota',
      ],
      'start',
    ),
  })

/** The invoice editor's state ("Waiting to be sent", "Invoiced as number …"), a live status. */
export const salesState = (page: Page) =>
  salesEditor(page).getByRole('status', { name: either(['Invoice state', 'Fakturastatus']) })

/** The inbox's table of supplier invoices, and its body rows (those with cells, not the header's). */
export const inboxTable = (page: Page) =>
  page.getByRole('table', { name: either(['Supplier invoices', 'Leverandørfakturaer']) })
export const bodyRows = (table: Locator) =>
  table.getByRole('row').filter({ has: table.page().getByRole('cell') })

/** The inbox's header panel of the open invoice, named "Invoice <number>". */
export const invoicePanel = (page: Page) =>
  page.getByRole('complementary', { name: either(['Invoice', 'Faktura'], 'start') })

/** The overview's table of the office's companies. */
export const overviewTable = (page: Page) =>
  page.getByRole('table', { name: either(['Companies', 'Selskaper']) })

/** The mark of where a field's proposal was read, in the note that describes the field. */
export async function proposalSource(field: Locator, source: 'local' | 'platform'): Promise<Locator> {
  const note = await field.getAttribute('aria-describedby')
  const words: Words =
    source === 'local'
      ? ['Read on this computer', 'Lest på denne datamaskinen']
      : ['From the platform', 'Fra plattformen']
  return field
    .page()
    .locator(`[id="${note}"]`)
    .getByRole('img', { name: either(words) })
}
