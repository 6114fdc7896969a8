// The ExpressionFilter language (spec 6.3): parsing with positioned errors, checking against a
// model, and evaluation on an entity and its changed properties. The model here is read off an invoice
// row as the app's tester reads it; the platform checks against its registry (platform/events).
import { describe, expect, it } from 'vitest'
import {
  checkExpression,
  evaluateExpression,
  ExpressionError,
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_TERMS,
  modelFromRow,
  parseExpression,
  updatedProperties,
} from './expression-filter.ts'

const invoiceRow = {
  ID: 1,
  StatusCode: 42001,
  CollectorStatusCode: null,
  ExternalStatusCode: null,
  CustomerName: '',
  OurReference: null,
  InvoiceNumber: null,
  TaxInclusiveAmount: 0,
  RestAmount: 0,
  Credited: false,
  InvoiceDate: null,
  CreditDays: null,
  CustomValues: {},
  Customer: { ID: 2, CustomerNumber: 100001 },
  Items: [],
}
const invoiceModel = modelFromRow('CustomerInvoice', invoiceRow)
const spec63 =
  'updated(CustomerInvoice, "StatusCode") and CustomerInvoice.StatusCode = 42004 and (CustomerInvoice.CollectorStatusCode > 42500 and CustomerInvoice.CollectorStatusCode < 42507)'

function holds(expression: string, entity: Record<string, unknown>, changed: string[] = []): boolean {
  const tree = parseExpression(expression)
  checkExpression(tree, invoiceModel)
  return evaluateExpression(tree, { entity, changed })
}

function parseError(expression: string): ExpressionError {
  try {
    parseExpression(expression)
  } catch (err) {
    if (err instanceof ExpressionError) return err
    throw err
  }
  throw new Error(`'${expression}' parsed`)
}

function checkError(expression: string): ExpressionError {
  try {
    checkExpression(parseExpression(expression), invoiceModel)
  } catch (err) {
    if (err instanceof ExpressionError) return err
    throw err
  }
  throw new Error(`'${expression}' passed the check`)
}

describe('the example of spec 6.3', () => {
  it('holds when StatusCode changed to 42004 with a collector status strictly between 42500 and 42507', () => {
    expect(holds(spec63, { StatusCode: 42004, CollectorStatusCode: 42503 }, ['StatusCode'])).toBe(true)
    expect(
      holds(spec63, { StatusCode: 42004, CollectorStatusCode: 42506 }, ['UpdatedAt', 'StatusCode']),
    ).toBe(true)
  })

  it('does not hold when StatusCode did not change, has another value, or the collector status is out of range', () => {
    expect(holds(spec63, { StatusCode: 42004, CollectorStatusCode: 42503 }, ['CollectorStatusCode'])).toBe(
      false,
    )
    expect(holds(spec63, { StatusCode: 42002, CollectorStatusCode: 42503 }, ['StatusCode'])).toBe(false)
    expect(holds(spec63, { StatusCode: 42004, CollectorStatusCode: 42500 }, ['StatusCode'])).toBe(false)
    expect(holds(spec63, { StatusCode: 42004, CollectorStatusCode: 42507 }, ['StatusCode'])).toBe(false)
    expect(holds(spec63, { StatusCode: 42004, CollectorStatusCode: null }, ['StatusCode'])).toBe(false)
  })
})

describe('evaluation', () => {
  const invoice = {
    ID: 7,
    CustomerName: 'Nordlys Bakeri AS',
    OurReference: '',
    InvoiceNumber: '10042',
    TaxInclusiveAmount: 1250.5,
    RestAmount: 0,
    Credited: false,
    InvoiceDate: '2026-03-05',
    CreditDays: null,
    CustomValues: { CustomProject: 'Bakeri' },
  }

  it.each([
    ['CustomerInvoice.TaxInclusiveAmount > 1000', true],
    ['CustomerInvoice.TaxInclusiveAmount >= 1250.5', true],
    ['CustomerInvoice.TaxInclusiveAmount <= 1250.49', false],
    ['CustomerInvoice.TaxInclusiveAmount = 1250.5', true],
    ['CustomerInvoice.TaxInclusiveAmount != 1250.5', false],
    ['CustomerInvoice.TaxInclusiveAmount <> 1', true],
    ['CustomerInvoice.InvoiceNumber = 10042', true],
    ["CustomerInvoice.InvoiceNumber = '10042'", true],
    ["CustomerInvoice.CustomerName = 'Nordlys Bakeri AS'", true],
    ["CustomerInvoice.InvoiceDate >= '2026-01-01' and CustomerInvoice.InvoiceDate < '2026-04-01'", true],
    ['startswith(CustomerInvoice.CustomerName, "nordlys")', true],
    ['startswith(CustomerInvoice.CustomerName, "Bakeri")', false],
    ['contains(CustomerInvoice.CustomerName, "BAKERI")', true],
    ['contains(CustomerInvoice.CustomerName, "fjord")', false],
    ['contains(CustomerInvoice.CreditDays, "1")', false],
    ['isnull(CustomerInvoice.OurReference)', true],
    ['isnull(CustomerInvoice.RestAmount)', true],
    ['isnull(CustomerInvoice.CreditDays)', true],
    ['isnull(CustomerInvoice.ExternalStatusCode)', true],
    ['isnull(CustomerInvoice.CustomerName)', false],
    ['isnotnull(CustomerInvoice.CustomerName)', true],
    ['isnotnull(CustomerInvoice.RestAmount)', false],
    ['CustomerInvoice.Credited = false', true],
    ['CustomerInvoice.Credited = true', false],
    ['CustomerInvoice.CreditDays = null', true],
    ['CustomerInvoice.CreditDays != null', false],
    ['CustomerInvoice.CreditDays > 0', false],
    ['CustomerInvoice.CreditDays < 0', false],
    ['CustomerInvoice.ID = 1 or CustomerInvoice.ID = 7', true],
    ['CustomerInvoice.ID = 1 or CustomerInvoice.ID = 2 and CustomerInvoice.ID = 7', false],
    ['(CustomerInvoice.ID = 1 or CustomerInvoice.ID = 7) and isnotnull(CustomerInvoice.InvoiceNumber)', true],
    ['not CustomerInvoice.ID = 7', false],
    ['CustomerInvoice.ID eq 7 AND CustomerInvoice.TaxInclusiveAmount gt 1000 OR false', true],
    ["CustomerInvoice.CustomValues.CustomProject = 'Bakeri'", true],
    ['customerinvoice.customername = "Nordlys Bakeri AS"', true],
  ])('%s → %s', (expression, expected) => {
    expect(holds(expression, invoice, [])).toBe(expected)
  })

  it('answers updated() from the changed properties, case-insensitively', () => {
    expect(holds('updated(CustomerInvoice, "statuscode")', {}, ['StatusCode'])).toBe(true)
    expect(holds('updated(CustomerInvoice, "StatusCode")', {}, [])).toBe(false)
    expect(
      holds('updated(CustomerInvoice, "StatusCode") or updated(CustomerInvoice, "RestAmount")', {}, [
        'RestAmount',
      ]),
    ).toBe(true)
  })

  it('reads a string with doubled or escaped quotes', () => {
    expect(holds("CustomerInvoice.CustomerName = 'Kari''s kafé'", { CustomerName: "Kari's kafé" })).toBe(true)
    expect(holds('CustomerInvoice.CustomerName = "Say \\"hei\\""', { CustomerName: 'Say "hei"' })).toBe(true)
  })

  it('treats a negative number as a literal', () => {
    expect(holds('CustomerInvoice.RestAmount < -10', { RestAmount: -20 })).toBe(true)
    expect(holds('CustomerInvoice.RestAmount > -10', { RestAmount: -20 })).toBe(false)
  })
})

describe('parse errors name the position', () => {
  it.each([
    ['', 0, /empty/],
    ['CustomerInvoice.StatusCode =', 28, /expected a value/],
    ['CustomerInvoice.StatusCode = 42004 and', 38, /expected a value/],
    ['(CustomerInvoice.StatusCode = 1', 31, /expected '\)'/],
    ['CustomerInvoice.StatusCode = 1)', 30, /unexpected '\)'/],
    ['CustomerInvoice.StatusCode = "open', 29, /unterminated string/],
    ['CustomerInvoice.StatusCode # 1', 27, /unexpected character '#'/],
    ['startswith(CustomerInvoice.CustomerName "x")', 40, /expected '\)' or ','/],
    ['CustomerInvoice.StatusCode = 1 CustomerInvoice.ID = 2', 31, /unexpected 'CustomerInvoice.ID'/],
    ['and CustomerInvoice.ID = 1', 0, /expected a value but found 'and'/],
  ])('%s', (expression, position, message) => {
    const err = parseError(expression)
    expect(err.position).toBe(position)
    expect(err.message).toMatch(message)
    expect(err.message).toMatch(new RegExp(`position ${position}`))
  })
})

describe('limits of one expression', () => {
  const term = (i: number) => `CustomerInvoice.InvoiceNumber = ${i}`
  const chain = (n: number, op = 'or') => Array.from({ length: n }, (_, i) => term(i)).join(` ${op} `)
  const nest = (n: number, inner = term(1)) => `${'('.repeat(n)}${inner}${')'.repeat(n)}`

  it('refuses parentheses nested deeper than the limit, at the first parenthesis too many', () => {
    const err = parseError(nest(5000))
    expect(err.problem).toEqual({ code: 'tooDeep', max: MAX_EXPRESSION_DEPTH })
    expect(err.position).toBe(MAX_EXPRESSION_DEPTH)
    expect(err.message).toMatch(/nests parentheses, not and function calls more than 50 levels deep/)
    expect(parseError(nest(MAX_EXPRESSION_DEPTH + 1)).problem.code).toBe('tooDeep')
  })

  it('refuses not and function calls nested deeper than the limit', () => {
    expect(parseError(`${'not '.repeat(5000)}${term(1)}`).problem.code).toBe('tooDeep')
    const calls = `${'isnull('.repeat(5000)}CustomerInvoice.InvoiceNumber${')'.repeat(5000)}`
    expect(parseError(calls).problem.code).toBe('tooDeep')
  })

  it('refuses more terms joined by and/or than the limit, nested ones counted too', () => {
    const err = parseError(chain(5000))
    expect(err.problem).toEqual({ code: 'tooManyTerms', max: MAX_EXPRESSION_TERMS })
    expect(err.message).toMatch(/joins more than 500 terms with and\/or/)
    expect(parseError(chain(MAX_EXPRESSION_TERMS + 1, 'and')).problem.code).toBe('tooManyTerms')
    const halves = `(${chain(MAX_EXPRESSION_TERMS / 2)}) and (${chain(MAX_EXPRESSION_TERMS / 2 + 1)})`
    expect(parseError(halves).problem.code).toBe('tooManyTerms')
  })

  it('evaluates an expression at both limits: the last term of the longest chain decides', () => {
    const longest = nest(MAX_EXPRESSION_DEPTH - 1, chain(MAX_EXPRESSION_TERMS))
    expect(holds(longest, { InvoiceNumber: MAX_EXPRESSION_TERMS - 1 })).toBe(true)
    expect(holds(longest, { InvoiceNumber: MAX_EXPRESSION_TERMS })).toBe(false)
    const positive = Array.from(
      { length: MAX_EXPRESSION_TERMS - 1 },
      () => 'CustomerInvoice.InvoiceNumber > 0',
    )
    const all = [...positive, term(8)].join(' and ')
    expect(holds(all, { InvoiceNumber: 8 })).toBe(true)
    expect(holds(all, { InvoiceNumber: 7 })).toBe(false)
  })
})

describe('checking against the model', () => {
  it('accepts expressions over properties of the filtered entity, any casing', () => {
    expect(() => checkExpression(parseExpression(spec63), invoiceModel)).not.toThrow()
    expect(() =>
      checkExpression(parseExpression('isnull(customerinvoice.ourreference)'), invoiceModel),
    ).not.toThrow()
    expect(() =>
      checkExpression(parseExpression('CustomerInvoice.Customer.CustomerNumber = 1'), invoiceModel),
    ).not.toThrow()
  })

  it('refuses another entity as the root of a variable', () => {
    const err = checkError('CustomerInvoice.StatusCode = 42004 and Supplier.StatusCode = 1')
    expect(err.message).toMatch(/'Supplier.StatusCode' must start with the filtered entity CustomerInvoice/)
    expect(err.position).toBe(39)
  })

  it('refuses a property the model does not have', () => {
    expect(checkError('CustomerInvoice.Colour = 1').message).toMatch(
      /CustomerInvoice has no property 'Colour'/,
    )
    expect(checkError('updated(CustomerInvoice, "Colour")').message).toMatch(/no property 'Colour'/)
    expect(checkError('CustomerInvoice.Customer.Shoe = 1').message).toMatch(/Customer has no property 'Shoe'/)
    expect(checkError('CustomerInvoice.Customer = 1').message).toMatch(/is an object/)
  })

  it('refuses an expression that does not name the entity', () => {
    expect(checkError('1 = 1').message).toMatch(/must name the entity CustomerInvoice/)
    expect(checkError('true').message).toMatch(/must name the entity/)
    expect(checkError('CustomerInvoice = 1').message).toMatch(/needs a property/)
  })

  it('refuses unknown functions, wrong arity and a wrong first argument of updated()', () => {
    expect(checkError('lower(CustomerInvoice.CustomerName) = "x"').message).toMatch(
      /unknown function 'lower'/,
    )
    expect(checkError('isnull(CustomerInvoice.ID, 1)').message).toMatch(/isnull\(\) takes 1 argument/)
    expect(checkError('updated(Supplier, "StatusCode")').message).toMatch(
      /first argument of updated\(\) must be the entity CustomerInvoice/,
    )
    expect(checkError('updated(CustomerInvoice, StatusCode)').message).toMatch(/property name in quotes/)
  })
})

describe('what the app reads of an expression', () => {
  it('gives each problem as a code with its parameters', () => {
    expect(parseError('CustomerInvoice.StatusCode = "open').problem).toEqual({ code: 'unterminatedString' })
    expect(parseError('CustomerInvoice.StatusCode =').problem).toEqual({
      code: 'expected',
      expected: 'value',
      found: '',
    })
    expect(checkError('CustomerInvoice.Colour = 1').problem).toEqual({
      code: 'noProperty',
      model: 'CustomerInvoice',
      property: 'Colour',
    })
    expect(checkError('1 = 1').problem).toEqual({ code: 'entityMissing', entity: 'CustomerInvoice' })
  })

  it('reads a list of lines as no property: only values and nested objects are', () => {
    expect(checkError('CustomerInvoice.Items = 1').problem.code).toBe('noProperty')
  })

  it('lists the properties updated() asks about, once each, in the order written', () => {
    const tree = parseExpression(
      `${spec63} or (updated(CustomerInvoice, "RestAmount") and not updated(CustomerInvoice, "statuscode"))`,
    )
    expect(updatedProperties(tree)).toEqual(['StatusCode', 'RestAmount'])
    expect(updatedProperties(parseExpression('CustomerInvoice.ID = 1'))).toEqual([])
  })
})
