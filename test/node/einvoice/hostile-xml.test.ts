// XML that is anyone's, read within bounds (issue 37): element names that are an object's own properties are
// data, never a prototype and never an unexplained error; a billion-laughs file and 10,000 levels of nesting
// are refused with a worded EInvoiceError; an amount that is no money (400 digits) is not proposed, and the
// invoice says which amount was not read and why.
import { describe, expect, it } from 'vitest'
import { EInvoiceError, parseEInvoice } from '../../../common/einvoice/index.ts'
import { structuredOcrAnswer } from '../../../common/einvoice/ocr-answer.ts'
import { makeCii, makeUbl } from '../../support/einvoice-files.ts'
import {
  billionLaughs,
  deeplyNested,
  withHugePayable,
  withReservedNames,
} from '../../support/hostile-files.ts'

const failure = (input: string) => {
  try {
    parseEInvoice(input)
  } catch (err) {
    return err
  }
  return null
}

const proposed = (xml: string) =>
  Object.fromEntries(
    structuredOcrAnswer(parseEInvoice(xml)).InterpretedProperties.map((p) => [
      p.OcrPropertyId,
      p.ProposedCandidate.Value,
    ]),
  )

describe('XML element names that are an object’s own properties', () => {
  it('are read as data: the invoice is read whole and no prototype is touched', async () => {
    const xml = withReservedNames(await makeUbl())
    expect(xml).toContain('<__proto__>')
    const invoice = parseEInvoice(xml)
    expect(invoice.number).toBe('2026-1042')
    expect(invoice.totals.payable).toBe(2151.67)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(invoice)).toBe(Object.prototype)
  })

  it('as the root element, name the XML as not an invoice', () => {
    for (const root of ['__proto__', 'constructor', 'prototype']) {
      const err = failure(`<${root}><ID>1</ID></${root}>`)
      expect(err).toBeInstanceOf(EInvoiceError)
      expect((err as EInvoiceError).code).toBe('not-an-invoice')
      expect((err as Error).message).toContain(`The XML is a ${root}, not an invoice`)
    }
  })
})

describe('XML built to exhaust its reader', () => {
  it('refuses entity declarations (billion laughs) at once', () => {
    const started = performance.now()
    const err = failure(billionLaughs())
    expect(err).toBeInstanceOf(EInvoiceError)
    expect((err as EInvoiceError).code).toBe('refused')
    expect((err as Error).message).toMatch(/declares entities/)
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('refuses 10,000 levels of nesting with a worded error', () => {
    const err = failure(deeplyNested(10_000))
    expect(err).toBeInstanceOf(EInvoiceError)
    expect((err as EInvoiceError).code).toBe('refused')
    expect((err as Error).message).toMatch(/nests elements more than 100 deep/)
  })

  it('refuses XML larger than 10 MB before reading it', async () => {
    const big = (await makeUbl()).replace(
      /<\/Invoice>\s*$/,
      `<!--${' '.repeat(11 * 1024 * 1024)}--></Invoice>`,
    )
    const started = performance.now()
    const err = failure(big)
    expect(err).toBeInstanceOf(EInvoiceError)
    expect((err as EInvoiceError).code).toBe('refused')
    expect((err as Error).message).toMatch(/larger than 10 MB/)
    expect(performance.now() - started).toBeLessThan(100)
  })
})

describe('amounts that are no money', () => {
  it('are not proposed: a 400-digit PayableAmount leaves the total empty, with the reason', async () => {
    const xml = withHugePayable(await makeUbl())
    const invoice = parseEInvoice(xml)
    expect(invoice.unreadAmounts).toEqual([
      { term: 'BT-115', reason: 'outOfRange', asWritten: '9'.repeat(40) },
    ])
    expect(Number.isFinite(invoice.totals.payable)).toBe(true)
    const values = proposed(xml)
    expect(values[6]).toBeUndefined()
    // The other proposals stand.
    expect(values[5]).toBe('2026-1042')
  })

  it('are not proposed in CII either, nor an amount that is not a number', async () => {
    const cii = await makeCii()
    const huge = cii.replace(/(<ram:DuePayableAmount[^>]*>)[^<]*/, `$1${'9'.repeat(400)}`)
    expect(parseEInvoice(huge).unreadAmounts?.map((u) => [u.term, u.reason])).toEqual([
      ['BT-115', 'outOfRange'],
    ])
    expect(proposed(huge)[6]).toBeUndefined()
    const comma = cii.replace(/(<ram:DuePayableAmount[^>]*>)[^<]*/, '$12151,67')
    expect(parseEInvoice(comma).unreadAmounts?.map((u) => [u.term, u.reason])).toEqual([
      ['BT-115', 'notANumber'],
    ])
    expect(proposed(comma)[6]).toBeUndefined()
  })

  it('within ±1e12 are read as before', async () => {
    const invoice = parseEInvoice(
      (await makeUbl()).replace(/(<cbc:PayableAmount[^>]*>)[^<]*/, '$1999999999999.99'),
    )
    expect(invoice.unreadAmounts).toBeUndefined()
    expect(invoice.totals.payable).toBe(999999999999.99)
  })
})
