// The upload to the file server and the id it answers: a fake fetch plays the environment (its
// /api/endpoints names the file server) and a file server that answers as the real one does (field notes:
// `Id`, `Name`, `StorageReference`, `ContentLength`, `ContentType`, `ExternalId`), or as the local one does.
import { describe, expect, it } from 'vitest'
import type { Fetch } from '../../ports.ts'
import { createApiClient, type TokenSource } from './client.ts'
import { uploadFile } from './files.ts'

const base = 'https://platform.test/'
const files = 'https://files.platform.test'
const tokens: TokenSource = {
  current: async () => ({ accessToken: 'token', apiBaseUrl: base }),
  afterUnauthorized: async () => ({ accessToken: 'token', apiBaseUrl: base }),
}
const pdf = { bytes: new TextEncoder().encode('%PDF-1.4 x\n%%EOF'), name: 'faktura.pdf' }

/** An environment whose file server answers every upload with `answer`; records the uploads' fields. */
function environment(answer: unknown) {
  const uploads: Record<string, string>[] = []
  const fetch: Fetch = async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (url.href === `${base}api/endpoints`)
      return Response.json({ AppFramework: base, Identity: `${base}identity`, Files: files })
    if (request.method === 'POST' && url.href === `${files}/api/file`) {
      const form = await request.formData()
      uploads.push(
        Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name])),
      )
      return Response.json(answer, { status: 201 })
    }
    return Response.json({ Message: `No route ${request.method} ${url.pathname}` }, { status: 404 })
  }
  const api = createApiClient({ fetch, tokens })
  return { api, uploads, upload: async () => uploadFile(api, await api.filesUrl(), 'company-key', pdf) }
}

const stored = {
  Name: 'faktura.pdf',
  StorageReference: 'a1b2c3',
  ContentLength: 16,
  ContentType: 'application/pdf',
  ExternalId: null,
}

describe('the file id an upload answers', () => {
  it('is read from Id, as the real file server answers it', async () => {
    const env = environment({ Id: 7, ...stored })
    expect(await env.upload()).toBe(7)
    expect(env.uploads).toEqual([{ Key: 'company-key', FileName: 'faktura.pdf', File: 'faktura.pdf' }])
  })

  it('is read from ID as well, and from a string of digits', async () => {
    expect(await environment({ ID: 7, ...stored }).upload()).toBe(7)
    expect(await environment({ Id: '7', ...stored }).upload()).toBe(7)
    expect(await environment({ ID: '12', ...stored }).upload()).toBe(12)
    // Both present (the local platform answers both): the same file either way, Id first.
    expect(await environment({ ID: 7, Id: 7, ...stored }).upload()).toBe(7)
  })

  it('is a clear error when the answer names no usable id', async () => {
    for (const [answer, says] of [
      [stored, /without a file id \(Id\): it named Name, StorageReference/],
      [{ Id: 'seven', ...stored }, /Id was "seven"/],
      [{ Id: 0 }, /Id was 0/],
      [{ ID: 7.5 }, /ID was 7\.5/],
      [{}, /an empty object/],
      [[{ Id: 7 }], /a list/],
      ['7', /a string/],
    ] as const) {
      await expect(environment(answer).upload(), JSON.stringify(answer)).rejects.toThrow(says)
    }
  })
})
