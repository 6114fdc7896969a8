// The link step alone: the upload is linked to its draft once, and where the original goes is chosen
// and recorded before it is moved.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { monthFolder } from '../../../../electron/main/services/scan/files.ts'
import { link } from '../../../../electron/main/services/scan/steps/link.ts'
import { entryOf, standIns, tempFolder } from './stand-ins.ts'

const atLink = (change = {}) =>
  entryOf({ step: 'link', state: 'creating', fileId: 4, invoiceId: 70, folder: tempFolder(), ...change })

describe('the link step', () => {
  it('links the file to its draft and records where the original goes', async () => {
    const linked: [number, number][] = []
    const entry = atLink()
    const s = standIns({
      entries: [entry],
      platform: { link: async (_, fileId, invoiceId) => void linked.push([fileId, invoiceId]) },
    })
    const run = s.runOf()
    await link(s.station, run)
    expect(linked).toEqual([[4, 70]])
    expect(run.entry).toMatchObject({
      step: 'move',
      started: null,
      destination: join(monthFolder(entry.folder), 'invoice.pdf'),
    })
  })

  it('after an interrupted run, links nothing the platform already has linked', async () => {
    const s = standIns({ entries: [atLink({ started: 'link' })], platform: { isLinked: async () => true } })
    const run = s.runOf()
    await link(s.station, run)
    expect(s.calls).toEqual(['isLinked'])
    expect(run.entry.step).toBe('move')
  })

  it("keeps the file another user's run here put on the draft, and does not link this upload", async () => {
    const s = standIns({
      entries: [atLink({ elsewhere: true })],
      platform: { isLinked: async () => false, findAttached: async () => 3 },
    })
    const run = s.runOf()
    await link(s.station, run)
    expect(s.calls).toEqual(['isLinked', 'findAttached'])
    expect(run.entry).toMatchObject({ step: 'move', fileId: 3 })
  })
})
