// `attach-document` after `invoice` (common/bridge/sales.ts): the invoice as the customer sees it, made from
// the invoiced row as the platform answers it (its number, KID and booked sums), uploaded to the file server
// and linked to the invoice in the same request (field notes "Supplier invoices, files and OCR": the upload
// takes `EntityType` and `EntityID`), the way the scan station and the journal store their documents. It
// looks first: an invoice that already has a document of that name (statistics FileEntityLink, as the
// FileAttachment declaration reads attachments; where the platform does not offer that model, the
// invoice's documented attachment list, spec 4.5) gets no second one, whether this is a retry or not.
import type { OutboxCommandOf } from '../../../../common/bridge/outbox.ts'
import type { PlatformRow, SyncEntity } from '../../../../common/bridge/sync.ts'
import type {
  CompanySettings,
  CurrencyCode,
  Customer,
  CustomerInvoice,
  FactoringSettings,
  PaymentInfoType,
  VatType,
} from '../../../../common/entities/rows.ts'
import { salesDocument } from '../../../../common/sales/document-of.ts'
import { kidTypeFor } from '../../../../common/sales/kid.ts'
import { vatPercentsOf } from '../../../../common/sales/totals.ts'
import { CustomerInvoiceStatus } from '../../../../common/status.ts'
import type { ApiClient } from '../api/client.ts'
import { ifOffered } from '../api/offered.ts'
import { filesUrlOf, uploadFile } from '../api/files.ts'
import { renderInvoicePdf } from '../sales/invoice-pdf.ts'
import { invoicePdfName } from '../sales/sales-service.ts'
import { attachmentList, withAttachmentFallback } from './attachments.ts'
import { quote, sources } from './entities.ts'
import { done, type Executor } from './executor.ts'
import { readRow, rowPath } from './platform-rows.ts'

const ENTITY_TYPE = 'CustomerInvoice'

async function list<T>(api: ApiClient, companyKey: string, entity: SyncEntity): Promise<T[]> {
  const expand = sources[entity].expand
  return api.get<T[]>(rowPath(entity), { companyKey, query: { ...(expand ? { expand } : {}), top: 1000 } })
}

/**
 * The documents of that name linked to the invoice: statistics lists soft-deleted rows unless told not to;
 * a platform that does not offer the FileEntityLink model is asked for the invoice's attachment list
 * (`GET files/CustomerInvoice/{id}`), and that is remembered as the pull remembers it (./attachments.ts).
 */
async function linkedDocuments(api: ApiClient, companyKey: string, invoiceId: number, name: string) {
  return withAttachmentFallback(
    api,
    companyKey,
    new Date(),
    () =>
      api.statistics(
        {
          model: 'FileEntityLink',
          select: 'ID as ID,FileID as FileID,File.Name as Name',
          expand: 'File',
          filter: `EntityType eq ${quote(ENTITY_TYPE)} and EntityID eq ${invoiceId} and File.Name eq ${quote(name)} and Deleted eq 0`,
        },
        { companyKey },
      ),
    async () =>
      (await attachmentList(api, companyKey, ENTITY_TYPE, invoiceId)).filter((row) => row.Name === name),
  )
}

export const attachDocument: Executor<OutboxCommandOf<'CustomerInvoice', 'attach-document'>> = async (
  command,
  context,
) => {
  const { api, companyKey } = context
  const row = (await context.readRow()) as (PlatformRow & CustomerInvoice) | null
  if (!row)
    return {
      status: 'failed',
      error: {
        code: 'NOT_FOUND',
        message: `Customer invoice ${command.entityId} is no longer on the platform`,
      },
      row: null,
    }
  if (Number(row.StatusCode) === CustomerInvoiceStatus.Draft)
    return {
      status: 'failed',
      error: {
        code: 'NOT_INVOICED',
        message: `Customer invoice ${row.ID} is still a draft: its document is attached when it is invoiced`,
      },
      row,
    }

  const [settings, customer, kidTypes, factoring, vatTypes, currency, credited] = await Promise.all([
    list<CompanySettings>(api, companyKey, 'CompanySettings'),
    row.CustomerID
      ? (readRow(api, companyKey, 'Customer', row.CustomerID) as Promise<Customer | null>)
      : null,
    list<PaymentInfoType>(api, companyKey, 'PaymentInfoType'),
    list<FactoringSettings>(api, companyKey, 'FactoringSettings'),
    list<VatType>(api, companyKey, 'VatType'),
    // The currency code list is not documented: where the platform does not offer it, the document is
    // printed without the code (electron/main/services/api/extensions.ts).
    row.CurrencyCodeID
      ? (ifOffered(() =>
          readRow(api, companyKey, 'CurrencyCode', row.CurrencyCodeID!),
        ) as Promise<CurrencyCode | null>)
      : null,
    row.InvoiceReferenceID
      ? (readRow(
          api,
          companyKey,
          'CustomerInvoice',
          row.InvoiceReferenceID,
        ) as Promise<CustomerInvoice | null>)
      : null,
  ])
  const company = settings[0]
  if (!company)
    return {
      status: 'failed',
      error: {
        code: 'NO_COMPANY_SETTINGS',
        message: 'The platform answered no company settings to print as the seller',
      },
      row,
    }
  const document = salesDocument(row, {
    language: command.body.Language,
    company,
    customer,
    vatPercentOf: vatPercentsOf(vatTypes),
    kidType: kidTypeFor(row, kidTypes, factoring),
    currencyCode: currency?.Code ?? 'NOK',
    creditedInvoiceNumber: credited?.InvoiceNumber ?? null,
  })
  const name = invoicePdfName(document)
  if ((await linkedDocuments(api, companyKey, row.ID, name)).length > 0) return done(row)

  const bytes = await renderInvoicePdf(document)
  await uploadFile(api, await filesUrlOf(api), companyKey, {
    bytes,
    name,
    link: { entityType: ENTITY_TYPE, entityId: row.ID },
  })
  return done(row)
}
