// The notification of a finished batch: worded in the station's language, and in each language beside it so
// a window showing it as a toast can follow a change of language.
import { describe, expect, it } from 'vitest'
import { AppNotification } from '../../../../common/bridge/contract.ts'
import { batchNotice } from './notice.ts'

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
})
