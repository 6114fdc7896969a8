// The webhook signature helper of spec 6.2, checked against known answers computed independently
// (OpenSSL's HMAC-SHA256 through node:crypto, outside this helper).
import { describe, expect, it } from 'vitest'
import { constantTimeEqual, parseSignatureHeader, signWebhook, verifyWebhook } from './webhook-signature.ts'

const key = '5f0c8a7e-2b1d-4c3e-9f8a-7b6c5d4e3f2a'
const body = '{"EventType":"Update","EntityName":"CustomerInvoice","EntityID":12,"Entity":{"Name":"Blåbær"}}'
const t = 1_790_000_000
const now = t * 1000
// HMAC-SHA256 of "<t>.<body>" with `key`, of "<t>.<text>" with 'nøkkel', and of "<t+1>.<body>" with `key`.
const expectedBody = '25323ad8d245d5577d7e1b4cef59f6dc8c5ee4e3682d8ef96212b110733d0474'
const expectedText = '9cc81b73e30e43206fd00195e95c6760e38f9d1f3abd9ab0194fb4ac8e601c5b'
const expectedNextSecond = 'c1e8809f4d5a7cc847cafa1987b2a4df9556667461be4a044c2021165d6da809'

describe('signWebhook', () => {
  it('signs "<t>.<raw body>" with HMAC-SHA256 as lowercase hex', async () => {
    expect(await signWebhook(body, key, t)).toBe(`t=${t},v1=${expectedBody}`)
    expect(await signWebhook(body, key, t + 1)).toBe(`t=${t + 1},v1=${expectedNextSecond}`)
  })

  it('uses the current unix time when no timestamp is given', async () => {
    const header = await signWebhook(body, key)
    const stamp = Number(/^t=(\d+),/.exec(header)![1])
    expect(Math.abs(stamp - Date.now() / 1000)).toBeLessThan(5)
  })
})

describe('verifyWebhook', () => {
  const header = `t=${t},v1=${expectedBody}`

  it('accepts a correctly signed body within the tolerance', async () => {
    expect(await verifyWebhook({ header, body, key, now })).toEqual({ ok: true, timestamp: t })
    expect(await verifyWebhook({ header, body, key, now: now + 299_000 })).toMatchObject({ ok: true })
    expect(await verifyWebhook({ header, body, key, now: now - 299_000 })).toMatchObject({ ok: true })
  })

  it('refuses a timestamp outside the tolerance, in either direction', async () => {
    expect(await verifyWebhook({ header, body, key, now: now + 301_000 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/tolerance/),
    })
    expect(await verifyWebhook({ header, body, key, now: now - 301_000 })).toMatchObject({ ok: false })
    expect(await verifyWebhook({ header, body, key, now: now + 30_000, toleranceSeconds: 10 })).toMatchObject(
      {
        ok: false,
      },
    )
  })

  it('refuses a tampered body, a changed timestamp and the wrong key', async () => {
    const tampered = body.replace('12', '13')
    expect(await verifyWebhook({ header, body: tampered, key, now })).toEqual({
      ok: false,
      reason: 'signature mismatch',
    })
    expect(await verifyWebhook({ header, body: `${body} `, key, now })).toMatchObject({ ok: false })
    const moved = header.replace(`t=${t}`, `t=${t + 1}`)
    expect(await verifyWebhook({ header: moved, body, key, now })).toMatchObject({ ok: false })
    expect(await verifyWebhook({ header, body, key: `${key}x`, now })).toMatchObject({ ok: false })
  })

  it('refuses missing and malformed headers with a reason', async () => {
    for (const bad of [
      undefined,
      null,
      '',
      'garbage',
      `v1=${expectedBody}`,
      `t=${t}`,
      `t=abc,v1=00`,
      `t=,v1=`,
    ]) {
      const r = await verifyWebhook({ header: bad, body, key, now })
      expect(r.ok, String(bad)).toBe(false)
      if (!r.ok) expect(r.reason).not.toBe('')
    }
  })

  it('ignores unknown keys and accepts any of several v1 signatures, spaces around parts', async () => {
    const good = expectedBody
    const several = `t=${t}, v0=abc, v1=${'0'.repeat(64)}, v1=${good}, x=y=z`
    expect(await verifyWebhook({ header: several, body, key, now })).toEqual({ ok: true, timestamp: t })
    expect(await verifyWebhook({ header: `t=${t},v1=${good.toUpperCase()}`, body, key, now })).toMatchObject({
      ok: true,
    })
  })

  it('round-trips with signWebhook for bodies with non-ASCII text', async () => {
    const text = '{"Name":"Ærlig Øl & Å","Amount":1234.5}'
    const signed = await signWebhook(text, 'nøkkel', t)
    expect(await verifyWebhook({ header: signed, body: text, key: 'nøkkel', now })).toMatchObject({
      ok: true,
    })
    expect(signed).toBe(`t=${t},v1=${expectedText}`)
  })
})

describe('parts of the helper', () => {
  it('splits each part on the first "=" only', () => {
    expect(parseSignatureHeader('t=1,v1=a=b,foo')).toEqual({ t: '1', v1: ['a=b'] })
  })

  it('compares strings for equality without depending on where they differ', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true)
    expect(constantTimeEqual('abc', 'abd')).toBe(false)
    expect(constantTimeEqual('abc', 'ab')).toBe(false)
    expect(constantTimeEqual('', '')).toBe(true)
  })
})
