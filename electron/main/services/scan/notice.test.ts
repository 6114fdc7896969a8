// The notification of a finished batch: worded in the station's language, and in each language beside it so
// a window showing it as a toast can follow a change of language.
import { describe, expect, it } from 'vitest'
import { AppNotification } from '../../../../common/bridge/contract.ts'
import { BATCH_NOTICE_MS, batchNotice, createBatchNotices } from './notice.ts'

describe('the notification of a finished batch', () => {
  const batch = { companyKey: 'nordlys', ready: 2, failed: 1, duplicates: 1 }

  it('is worded in the station’s language and carries every language the app speaks', () => {
    const notice = batchNotice(batch, 'Nordlys Bakeri AS', 'nb')
    expect(notice).toEqual({
      title: 'Skanning ferdig',
      body: '2 fakturaer klar for kontroll i Nordlys Bakeri AS, 1 feilet, 1 duplikat',
      languages: {
        nb: {
          title: 'Skanning ferdig',
          body: '2 fakturaer klar for kontroll i Nordlys Bakeri AS, 1 feilet, 1 duplikat',
        },
        en: {
          title: 'Scanning finished',
          body: '2 invoices ready for review in Nordlys Bakeri AS, 1 failed, 1 duplicate',
        },
      },
    })
    // What the bridge carries to the window passes the contract's schema.
    expect(AppNotification.parse(notice)).toEqual(notice)
    expect(batchNotice(batch, 'Nordlys Bakeri AS', 'en').title).toBe('Scanning finished')
  })

  it('counts a company’s batches finished while its notice shows into one notice of the same tag', () => {
    let clock = 1_000_000
    const notices = createBatchNotices(() => clock)
    const first = notices({ companyKey: 'nordlys', ready: 3, failed: 0, duplicates: 0 }, 'Nordlys', 'en')
    expect(first.body).toBe('3 invoices ready for review in Nordlys')
    clock += BATCH_NOTICE_MS - 1
    const second = notices({ companyKey: 'nordlys', ready: 2, failed: 1, duplicates: 0 }, 'Nordlys', 'en')
    expect(second.body).toBe('5 invoices ready for review in Nordlys, 1 failed')
    expect(second.tag).toBe(first.tag)
    expect(second.languages?.nb.body).toBe('5 fakturaer klar for kontroll i Nordlys, 1 feilet')
    // Another company's batch meanwhile is its own notice, and leaves Nordlys's count alone.
    const other = notices({ companyKey: 'aurora', ready: 1, failed: 0, duplicates: 0 }, 'Aurora', 'en')
    expect(other.body).toBe('1 invoice ready for review in Aurora')
    expect(other.tag).not.toBe(first.tag)
    // Counted from the last notice: a third batch within the time of the second joins them too.
    clock += BATCH_NOTICE_MS - 1
    const third = notices({ companyKey: 'nordlys', ready: 1, failed: 0, duplicates: 1 }, 'Nordlys', 'en')
    expect(third.body).toBe('6 invoices ready for review in Nordlys, 1 failed, 1 duplicate')
    // Once the notice has gone, the next batch is told on its own.
    clock += BATCH_NOTICE_MS
    const later = notices({ companyKey: 'nordlys', ready: 1, failed: 0, duplicates: 0 }, 'Nordlys', 'en')
    expect(later.body).toBe('1 invoice ready for review in Nordlys')
    // Under a tag of its own: it never takes the place of the count a desktop may still show.
    expect(later.tag).not.toBe(first.tag)
    expect(third.tag).toBe(first.tag)
    expect(AppNotification.parse(third)).toEqual(third)
  })
})
