// My approvals from three companies in one list, in Chromium: Anne, the accountant, has step two of the
// demo flows in Nordlys Bakeri AS and Fjordbygg Rørlegger AS, and a colleague's invoice in Aurora Arkitekter
// AS is sent to her; after a sync all three companies' approvals are in her list. With
// LEDGERDESK_SCREENS_DIR the list is saved in both languages at 1280x800 and 1920x1080.
import { describe, expect, it } from 'vitest'
import { SupplierInvoiceStatus } from '../../common/status.ts'
import { DEMO_COMPANIES, DEMO_USERS } from '../../platform/seed/demo-constants.ts'
import { axeViolations, platformApi, useApp } from './support.ts'
import { myApprovals, navLink, rowsWith, syncNowButton, viewHeading } from './find.ts'

const { nordlys, fjordbygg, aurora } = DEMO_COMPANIES
const app = useApp()

const wait = { timeout: 90_000 }
const rowsOf = (company: { name: string }) => rowsWith(myApprovals(app.page), company.name)

/** Anne's colleague sends a new supplier invoice in Aurora to her for approval, on the platform. */
async function invoiceForAnneInAurora(): Promise<void> {
  const api = <T>(path: string, init: RequestInit = {}) =>
    platformApi<T>(app.route.origin(), DEMO_USERS.anne.email, aurora.key, path, init)
  const me = await api<{ ID: number }>('users?action=current-session')
  const [supplier] = await api<{ ID: number }[]>('suppliers?filter=StatusCode eq 30001&top=1')
  const created = await api<{ ID: number }>('supplierinvoices', {
    method: 'POST',
    body: JSON.stringify({
      SupplierID: supplier!.ID,
      InvoiceNumber: '88017',
      InvoiceDate: '2026-11-10',
      PaymentDueDate: '2026-12-10',
      TaxInclusiveAmount: 15_625,
      TaxInclusiveAmountCurrency: 15_625,
    }),
  })
  await api(`supplierinvoices/${created.ID}?action=assign-to`, {
    method: 'POST',
    body: JSON.stringify({ UserIDs: [me.ID], Message: 'Tegneprogram, lisens 2027' }),
  })
  const invoice = await api<{ StatusCode: number }>(`supplierinvoices/${created.ID}`)
  expect(invoice.StatusCode).toBe(SupplierInvoiceStatus.ForApproval)
}

describe('my approvals across three companies', () => {
  it("lists Anne's approvals from Nordlys, Fjordbygg and Aurora in one list", async () => {
    await app.page.setViewportSize({ width: 1280, height: 800 })
    await app.signIn(DEMO_USERS.anne)
    await invoiceForAnneInAurora()
    await navLink(app.page, 'approvals').click()
    await expect.poll(() => viewHeading(app.page, 'approvals').isVisible(), wait).toBe(true)
    // The open company's approvals come with "Sync now"; the other companies' arrive with the background
    // rounds of approval data, so the list is awaited until every company has its rows.
    const counts = async () => ({
      aurora: await rowsOf(aurora).count(),
      nordlys: Math.min(await rowsOf(nordlys).count(), 1),
      fjordbygg: Math.min(await rowsOf(fjordbygg).count(), 1),
    })
    await expect
      .poll(async () => {
        if ((await rowsOf(aurora).count()) === 0 && (await syncNowButton(app.page).isEnabled()))
          await syncNowButton(app.page).click()
        return counts()
      }, wait)
      .toEqual({ aurora: 1, nordlys: 1, fjordbygg: 1 })
    expect(await rowsOf(aurora).first().textContent()).toContain(aurora.name)
    await rowsOf(aurora).first().click()
    expect(await axeViolations(app.page, ['main'])).toEqual([])
    await app.shoot('approvals-three-companies')
  }, 300_000)
})
