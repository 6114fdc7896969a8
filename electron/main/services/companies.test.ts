import { describe, expect, it } from 'vitest'
import { viewsFor } from './companies.ts'

describe('the views a current-session answer offers', () => {
  it('offers Sales only to a session holding a sales permission (any letter case)', () => {
    expect(viewsFor(['UI_Sales_Invoices'])).toContain('sales')
    expect(viewsFor(['ui_sales'])).toContain('sales')
    expect(viewsFor(['ui_accounting', 'ui_accounting_bills', 'ui_approvals'])).not.toContain('sales')
    expect(viewsFor([])).toEqual(['settings'])
  })
})
