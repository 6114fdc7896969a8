import { describe, expect, it } from 'vitest'
import { PlatformError } from '../errors.ts'
import { parseListOptions } from './index.ts'

describe('parseListOptions', () => {
  it('reads every option in any casing and with the $ prefix', () => {
    expect(
      parseListOptions({
        $filter: "Name eq 'x'",
        SELECT: 'ID,Name',
        Expand: 'Info',
        orderBy: 'ID desc',
        $top: '10',
        Skip: '20',
        hateoas: 'false',
      }),
    ).toEqual({
      filter: "Name eq 'x'",
      select: 'ID,Name',
      expand: 'Info',
      orderby: 'ID desc',
      top: 10,
      skip: 20,
      hateoas: false,
    })
  })

  it('asks for the total with count=true, $count=true or $inlinecount=allpages', () => {
    expect(parseListOptions({ count: 'true' }).count).toBe(true)
    expect(parseListOptions({ $count: 'TRUE' }).count).toBe(true)
    expect(parseListOptions({ $inlinecount: 'allpages' }).count).toBe(true)
    expect(parseListOptions({ $inlinecount: 'none' }).count).toBe(false)
    expect(parseListOptions({}).count).toBeUndefined()
    expect(() => parseListOptions({ $inlinecount: 'some' })).toThrow(PlatformError)
  })

  it('leaves out options that are absent or empty', () => {
    expect(parseListOptions({ filter: '', top: '', other: 'x' })).toEqual({})
  })

  it('takes the last value of a repeated parameter', () => {
    expect(parseListOptions({ top: ['5', '7'] })).toEqual({ top: 7 })
  })

  it('refuses a top or skip that is not a whole number of zero or more', () => {
    for (const bad of ['-1', '1.5', 'ten', '1e3', '99999999999999999999']) {
      for (const name of ['top', '$skip']) {
        let err: unknown
        try {
          parseListOptions({ [name]: bad })
        } catch (e) {
          err = e
        }
        expect(err).toBeInstanceOf(PlatformError)
        expect((err as PlatformError).status).toBe(400)
      }
    }
  })

  it('accepts hateoas=true and refuses nonsense', () => {
    expect(parseListOptions({ HATEOAS: 'True' })).toEqual({ hateoas: true })
    expect(() => parseListOptions({ hateoas: 'perhaps' })).toThrow('hateoas must be true or false')
  })
})
